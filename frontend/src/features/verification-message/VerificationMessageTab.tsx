import { useState } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ServerPicker } from '../servers/ServerPicker.tsx';
import { useGetUserServersQuery } from '../servers/serversApi.ts';
import { VerificationMessageEditor } from './VerificationMessageEditor.tsx';
import './verificationMessage.css';

/** The panel's Verification message tab: pick a server, edit the message /send posts there. */
export function VerificationMessageTab() {
  const { data: slots, isLoading, isError } = useGetUserServersQuery();
  const [chosen, setChosen] = useState('');
  if (isLoading) return <PageLoading label="Loading servers..." />;
  const servers = slots?.servers ?? [];
  // one server: nothing to choose
  const serverId = chosen || (servers.length === 1 ? servers[0] : '');

  return (
    <section className="card" aria-labelledby="verification-title">
      <h2 id="verification-title">Verification message</h2>
      <p className="field-hint">
        The key bot's message with the Redeem Key button, posted by <code>/send</code> in your server.
      </p>
      <ServerPicker id="verification-server" servers={servers} value={serverId} onChange={setChosen} failed={isError} />
      {serverId && <VerificationMessageEditor key={serverId} serverId={serverId} />}
    </section>
  );
}
