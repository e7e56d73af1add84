import type { AuditEventView } from '@vip/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { FieldTable } from './FieldTable.tsx';
import { StatePanel } from './StatePanel.tsx';

/** Who did it: their username when the trail knows it, else what kind of actor and its id. */
export function actorText(actor: AuditEventView['actor']): string {
  return actor.username ?? `${actor.kind}:${actor.id}`;
}

/**
 * One event of the trail: its log position, type and time, what happened in one sentence,
 * its actor, servers (each a link to its settings history), correlation, key (a link to the
 * key's life), its data as a table on demand, and the state as it was at its position.
 */
export function EventItem({ event, showKeyLink = true }: { event: AuditEventView; showKeyLink?: boolean }) {
  const [stateOpen, setStateOpen] = useState(false);
  return (
    <li className="card audit-event" data-type={event.type} data-position={event.position}>
      <div className="audit-event-head">
        <span className="mono audit-position" title="Log position">
          #{event.position.toLocaleString('en')}
        </span>
        <span className="badge badge-accent audit-type">{event.type}</span>
        <time dateTime={event.time} className="muted">
          {formatDateTime(event.time)}
        </time>
      </div>
      <p className="audit-sentence">{event.sentence}</p>
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
        <FieldTable fields={event.data} redacted={event.redactedFields} label={`Data of event ${event.position}`} />
      </details>
      <div>
        <button type="button" className="button button-secondary button-small" onClick={() => setStateOpen(true)}>
          State as of here
        </button>
      </div>
      {stateOpen && <StatePanel position={event.position} onClose={() => setStateOpen(false)} />}
    </li>
  );
}
