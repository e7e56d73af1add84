import { useParams } from 'react-router';
import { QueryResult } from '../../components/QueryResult.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useGetKeyLifeQuery } from './auditApi.ts';
import { BackToLog } from './BackToLog.tsx';
import { EventItem } from './EventItem.tsx';

/** /admin/audit/keys/:keyDigest: every event of one key, from its access hash to its role. */
export function KeyLife() {
  const { keyDigest = '' } = useParams();
  const query = useGetKeyLifeQuery(keyDigest);
  return (
    <section aria-labelledby="key-life-title" className="audit">
      <BackToLog />
      <div className="section-header">
        <h2 id="key-life-title">Key life</h2>
      </div>
      <p className="muted audit-digest">
        Key <span className="mono">{keyDigest}</span>
      </p>
      <QueryResult
        query={query}
        loading="Loading the key's life..."
        failed={(error) => errorTextOf(error, "Could not load the key's life")}
        empty="No events for this key"
        isEmpty={(life) => life.events.length === 0}
      >
        {(life) => (
          <ol className="audit-events" aria-label="Key events">
            {life.events.map((event) => (
              <EventItem key={event.position} event={event} showKeyLink={false} />
            ))}
          </ol>
        )}
      </QueryResult>
    </section>
  );
}
