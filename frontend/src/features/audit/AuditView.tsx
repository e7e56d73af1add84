import { Route, Routes } from 'react-router';
import { AuditLog } from './AuditLog.tsx';
import { KeyLife } from './KeyLife.tsx';
import { SettingsHistory } from './SettingsHistory.tsx';
import './audit.css';

/** /admin/audit/*: the event log, a key's life, a server's settings history. */
export function AuditView() {
  return (
    <Routes>
      <Route index element={<AuditLog />} />
      <Route path="keys/:keyDigest" element={<KeyLife />} />
      <Route path="servers/:guildId" element={<SettingsHistory />} />
    </Routes>
  );
}
