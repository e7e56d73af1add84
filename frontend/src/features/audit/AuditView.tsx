import { useState, type FormEvent } from 'react';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AuditEventView, EventType, ServerSettingsChange } from '@vip/contracts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import {
  useGetAuditPageQuery,
  useGetKeyLifeQuery,
  useGetServerSettingsHistoryQuery,
  type AuditFilters,
} from './auditApi.ts';
import './audit.css';

/** Every event type the log knows, for the type filter (checked against the contracts' union). */
const EVENT_TYPES = [
  'UserRegistered',
  'UsernameReserved',
  'SessionStarted',
  'SessionEnded',
  'AnnouncementPosted',
  'AnnouncementDeleted',
  'PasswordChanged',
  'GuildReported',
  'GuildLeft',
  'ServerClaimed',
  'ServerReleased',
  'SubscriberServerAdded',
  'SubscriberServerChanged',
  'GreetingConfigured',
  'GreetingRemoved',
  'AccessHashIssued',
  'AccessHashUsed',
  'KeyGenerated',
  'KeyRedeemed',
  'VipRoleGranted',
  'VipRoleRemoved',
  'VisitRecorded',
  'SubscriptionStarted',
  'SubscriptionExtended',
  'SubscriptionEnded',
  'WhitelistEntryAdded',
  'WhitelistEntryRemoved',
  'VipRoleChosen',
  'LogChannelSet',
  'AutoPingStarted',
  'AutoPingStopped',
  'VideoPostScheduled',
  'VideoPosted',
  'VideoPostCancelled',
] as const satisfies readonly EventType[];

const FILTER_NAMES = ['guildId', 'userId', 'type', 'from', 'to'] as const;
const SNOWFLAKE = /^\d{17,20}$/;

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

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [befores, setBefores] = useState<(number | undefined)[]>([undefined]);
  const [appliedKey, setAppliedKey] = useState(params.toString());
  if (appliedKey !== params.toString()) {
    // the filters changed (Apply, back/forward): start again from the newest page
    setAppliedKey(params.toString());
    setBefores([undefined]);
    setDraft(applied);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = draft[name]?.trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  const field = (name: (typeof FILTER_NAMES)[number]) => ({
    id: `audit-${name}`,
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft((state) => ({ ...state, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby="audit-title" className="audit">
      <div className="section-header">
        <h2 id="audit-title">Audit Trail</h2>
      </div>
      <form className="card audit-filters" onSubmit={apply} aria-label="Audit filters">
        <div className="field">
          <label htmlFor="audit-guildId">Server ID</label>
          <input {...field('guildId')} inputMode="numeric" autoComplete="off" placeholder="e.g. 100000000000000001" />
        </div>
        <div className="field">
          <label htmlFor="audit-userId">User ID</label>
          <input {...field('userId')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="audit-type">Event type</label>
          <select {...field('type')}>
            <option value="">All types</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input {...field('from')} type="date" />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input {...field('to')} type="date" />
        </div>
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button type="button" className="button button-secondary" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </button>
        </div>
      </form>
      <SettingsOpener />
      <ol className="audit-events" aria-label="Audit events">
        {befores.map((before, index) => (
          <AuditPage
            key={before ?? 'newest'}
            filters={applied}
            before={before}
            last={index === befores.length - 1}
            onOlder={(nextBefore) => setBefores((list) => [...list, nextBefore])}
          />
        ))}
      </ol>
    </section>
  );
}

function AuditPage({
  filters,
  before,
  last,
  onOlder,
}: {
  filters: AuditFilters;
  before?: number;
  last: boolean;
  onOlder: (before: number) => void;
}) {
  const { data, isFetching, isError, error, refetch } = useGetAuditPageQuery({ ...filters, before });
  if (!data && isFetching) {
    return (
      <li className="audit-status">
        <PageLoading label="Loading events..." />
      </li>
    );
  }
  if (isError || !data) {
    return (
      <li className="audit-status">
        <LoadFailed onRetry={refetch}>{errorTextOf(error, 'Could not load the audit trail')}</LoadFailed>
      </li>
    );
  }
  return (
    <>
      {before === undefined && data.events.length === 0 && (
        <li className="audit-status">
          <p className="empty-state">No events match these filters</p>
        </li>
      )}
      {data.events.map((event) => (
        <EventItem key={event.position} event={event} />
      ))}
      {last && data.nextBefore !== null && (
        <li className="audit-status">
          <button type="button" className="button button-secondary" onClick={() => onOlder(data.nextBefore!)}>
            Load older
          </button>
        </li>
      )}
    </>
  );
}

function actorText(actor: AuditEventView['actor']): string {
  return actor.username ?? `${actor.kind}:${actor.id}`;
}

function EventItem({ event, showKeyLink = true }: { event: AuditEventView; showKeyLink?: boolean }) {
  return (
    <li className="card audit-event" data-type={event.type}>
      <div className="audit-event-head">
        <span className="badge badge-accent audit-type">{event.type}</span>
        <time dateTime={event.time} className="muted">
          {formatDateTime(event.time)}
        </time>
      </div>
      <dl className="audit-meta">
        <div>
          <dt>Actor</dt>
          <dd>{actorText(event.actor)}</dd>
        </div>
        {event.guildIds.length > 0 && (
          <div>
            <dt>Server</dt>
            <dd>
              {event.guildIds.map((guildId) => (
                <Link
                  key={guildId}
                  className="mono"
                  to={`/admin/audit/servers/${guildId}`}
                  aria-label={`Settings history of server ${guildId}`}
                >
                  {guildId}
                </Link>
              ))}
            </dd>
          </div>
        )}
        <div>
          <dt>Correlation</dt>
          <dd className="mono" title={event.correlationId}>
            {event.correlationId.slice(0, 8)}
          </dd>
        </div>
        {showKeyLink && event.keyDigest && (
          <div>
            <dt>Key</dt>
            <dd>
              <Link
                className="mono"
                to={`/admin/audit/keys/${event.keyDigest}`}
                aria-label={`Key life of ${event.keyDigest.slice(0, 12)}`}
              >
                {event.keyDigest.slice(0, 12)}…
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <details className="audit-data">
        <summary>Data</summary>
        <pre>{JSON.stringify(event.data, null, 2)}</pre>
      </details>
    </li>
  );
}

function SettingsOpener({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [guildId, setGuildId] = useState(initial);
  const [problem, setProblem] = useState('');
  function open(event: FormEvent) {
    event.preventDefault();
    const id = guildId.trim();
    if (!SNOWFLAKE.test(id)) {
      setProblem('A server id is a Discord id (17–20 digits)');
      return;
    }
    setProblem('');
    navigate(`/admin/audit/servers/${id}`);
  }
  return (
    <form className="audit-settings-opener" onSubmit={open} aria-label="Open a server's settings history">
      <div className="field">
        <label htmlFor="audit-settings-guild">Settings history of server</label>
        <input
          id="audit-settings-guild"
          value={guildId}
          onChange={(event) => setGuildId(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'audit-settings-problem' : undefined}
        />
        {problem && (
          <span id="audit-settings-problem" className="field-hint" role="alert">
            {problem}
          </span>
        )}
      </div>
      <button type="submit" className="button button-secondary">
        Open settings history
      </button>
    </form>
  );
}

function BackToLog() {
  return (
    <Link to="/admin/audit" className="audit-back">
      ← Back to the audit trail
    </Link>
  );
}

function KeyLife() {
  const { keyDigest = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetKeyLifeQuery(keyDigest);
  let body;
  if (isLoading) body = <PageLoading label="Loading the key's life..." />;
  else if (isError || !data) {
    body = <LoadFailed onRetry={refetch}>{errorTextOf(error, "Could not load the key's life")}</LoadFailed>;
  } else if (data.events.length === 0) body = <p className="empty-state">No events for this key</p>;
  else {
    body = (
      <ol className="audit-events" aria-label="Key events">
        {data.events.map((event) => (
          <EventItem key={event.position} event={event} showKeyLink={false} />
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby="key-life-title" className="audit">
      <BackToLog />
      <div className="section-header">
        <h2 id="key-life-title">Key life</h2>
      </div>
      <p className="muted audit-digest">
        Key <span className="mono">{keyDigest}</span>
      </p>
      {body}
    </section>
  );
}

function SettingsHistory() {
  const { guildId = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetServerSettingsHistoryQuery(guildId);
  let body;
  if (isLoading) body = <PageLoading label="Loading settings history..." />;
  else if (isError || !data) {
    body = <LoadFailed onRetry={refetch}>{errorTextOf(error, 'Could not load the settings history')}</LoadFailed>;
  } else if (data.changes.length === 0)
    body = <p className="empty-state">No settings changes recorded for this server</p>;
  else {
    body = (
      <ol className="audit-events" aria-label="Settings changes">
        {data.changes.map((change) => (
          <SettingChangeItem key={change.position} change={change} />
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby="settings-history-title" className="audit">
      <BackToLog />
      <div className="section-header">
        <h2 id="settings-history-title">
          Settings history <span className="mono muted">{guildId}</span>
        </h2>
      </div>
      <SettingsOpener key={guildId} initial={guildId} />
      {body}
    </section>
  );
}

const valueText = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

function SettingChangeItem({ change }: { change: ServerSettingsChange }) {
  return (
    <li className="card audit-event" data-setting={change.setting}>
      <div className="audit-event-head">
        <span className="badge badge-accent">{change.setting}</span>
        <span className="muted">{change.type}</span>
        <time dateTime={change.time} className="muted">
          {formatDateTime(change.time)}
        </time>
      </div>
      <p className="audit-actor">
        <span className="muted">by</span> {actorText(change.actor)}
      </p>
      {change.changes.length === 0 ? (
        <p className="muted">No field changed</p>
      ) : (
        <div className="audit-diff-wrap">
          <table className="audit-diff">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
              </tr>
            </thead>
            <tbody>
              {change.changes.map((diff) => (
                <tr key={diff.field}>
                  <th scope="row" className="mono">
                    {diff.field}
                  </th>
                  <td className="mono">{valueText(diff.from)}</td>
                  <td className="mono">{valueText(diff.to)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
