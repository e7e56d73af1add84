import { auditWorkbenchPaths } from '@vip/contracts/plain';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { fetchRoute } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { type AuditFilters, exportQueryOf } from './auditApi.ts';

/** The file name the server gave (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match ? match[1] : 'audit.ndjson';
}

/**
 * Downloads the log as NDJSON with the trail's current filters (GET /api/admin/audit/export):
 * each event with its position, sentence, data and metadata, and the seals that let
 * `npm run audit -- verify --file` check it offline. A file to save, not state to cache, so
 * it is fetched with lib/http.ts rather than through the apiSlice (which would keep the blob
 * in the store).
 */
export function ExportButton({ filters }: { filters: AuditFilters }) {
  const token = useAppSelector((state) => state.auth.token);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetchRoute(auditWorkbenchPaths.export, { query: exportQueryOf(filters) }, { token });
      if (!response.ok) {
        const data = await response.json().catch(() => undefined);
        setFailure(errorTextOf({ data }, 'The export could not be downloaded'));
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setFailure('The export could not be downloaded');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary" onClick={download} disabled={busy}>
        {busy ? 'Exporting…' : 'Download (NDJSON)'}
      </button>
      {failure && (
        <p className="field-error audit-export-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
