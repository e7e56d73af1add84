import { Link } from 'react-router';
import type { AuditEventView } from '@vip/contracts';
import { formatDateTime } from '../../lib/dates.ts';

/** Who did it: their username when the trail knows it, else what kind of actor and its id. */
export function actorText(actor: AuditEventView['actor']): string {
  return actor.username ?? `${actor.kind}:${actor.id}`;
}

/**
 * One event of the trail: its type, time, actor, servers (each a link to its settings
 * history), correlation, key (a link to the key's life) and its data on demand.
 */
export function EventItem({ event, showKeyLink = true }: { event: AuditEventView; showKeyLink?: boolean }) {
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
