import type { AuditStateBuilding, AuditStateReady, ServerStateAsOf } from '@vip/contracts';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/Modal.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { isHttpFailure } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { useGetAuditStateQuery } from './auditApi.ts';
import { FieldTable } from './FieldTable.tsx';

const POLL_MS = 500;

const settingNames: Record<string, string> = {
  server: 'Server, as the key bot reported it',
  owner: 'Owner',
  greeting: 'Greeting',
  botSettings: 'Bot settings',
  verificationMessage: 'Verification message',
  suspension: 'Suspension',
  sponsor: 'Sponsor link',
};

/** 429: another state is being built; this one is asked for again in a moment. */
const isBusy = (error: unknown) => isHttpFailure(error) && error.status === 429;

/**
 * "State as of here": the server's settings, the key's status and the statistics as they were
 * at one log position, in a side panel. The server replays the log up to the position; the
 * panel polls and shows how far it has come until the state is there.
 */
export function StatePanel({ position, onClose }: { position: number; onClose: () => void }) {
  // the first subscription tells whether to wait; the second polls only while it must
  const first = useGetAuditStateQuery(position);
  const waiting = first.data?.status === 'building' || isBusy(first.error);
  const query = useGetAuditStateQuery(position, { pollingInterval: waiting ? POLL_MS : 0 });
  const { data, error, isError, refetch } = query;

  let content: ReactNode;
  if (isError && !isBusy(error)) {
    content = (
      <LoadFailed onRetry={refetch} small>
        {errorTextOf(error, 'The state as of this position could not be built')}
      </LoadFailed>
    );
  } else if (data?.status === 'ready') content = <ReadyState state={data} />;
  else content = <Building progress={data?.status === 'building' ? data.progress : null} busy={isBusy(error)} />;

  return (
    <Modal
      title={`State as of position ${position.toLocaleString('en')}`}
      onClose={onClose}
      className="audit-state-panel"
    >
      {content}
    </Modal>
  );
}

function Building({ progress, busy }: { progress: AuditStateBuilding['progress']; busy: boolean }) {
  const share = progress && progress.target > 0 ? Math.min(1, progress.position / progress.target) : null;
  return (
    <div className="audit-state-building" aria-live="polite">
      <p>
        {busy ? 'Another state is being built: this one starts in a moment…' : 'Replaying the log up to this position…'}
      </p>
      <progress
        className="audit-progress"
        aria-label="Replaying the log"
        max={1}
        {...(share === null ? {} : { value: share })}
      />
      {progress && (
        <p className="muted">
          {progress.events.toLocaleString('en')} events, position {progress.position.toLocaleString('en')} of{' '}
          {progress.target.toLocaleString('en')}
        </p>
      )}
    </div>
  );
}

function ReadyState({ state }: { state: AuditStateReady }) {
  return (
    <div className="audit-state">
      <p className="muted">As the read models were right after this event, {formatDateTime(state.time)}.</p>
      {state.key && (
        <section aria-label="Key">
          <h3>
            Key <span className="mono">{state.key.keyDigest.slice(0, 12)}…</span>:{' '}
            <span className="audit-key-status">{state.key.status}</span>
          </h3>
          {state.key.key && <FieldTable fields={state.key.key} label="The key" />}
          {state.key.vipRole && (
            <>
              <h4>VIP role</h4>
              <FieldTable fields={state.key.vipRole} label="The VIP role" />
            </>
          )}
        </section>
      )}
      {state.servers.map((server) => (
        <ServerState key={server.guildId} server={server} />
      ))}
      <section aria-label="Statistics">
        <h3>Statistics</h3>
        <FieldTable fields={{ ...state.statistics }} label="Statistics" />
      </section>
    </div>
  );
}

function ServerState({ server }: { server: ServerStateAsOf }) {
  return (
    <section aria-label={`Server ${server.name ?? server.guildId}`}>
      <h3>
        {server.name ?? 'Server'} <span className="mono muted">{server.guildId}</span>
      </h3>
      <FieldTable fields={{ ...server.statistics }} label={`Figures of ${server.name ?? server.guildId}`} />
      {Object.entries(server.settings).map(([name, value]) => (
        <div key={name} className="audit-state-setting">
          <h4>{settingNames[name] ?? name}</h4>
          {value ? <FieldTable fields={value} label={settingNames[name] ?? name} /> : <p className="muted">Not set</p>}
        </div>
      ))}
    </section>
  );
}
