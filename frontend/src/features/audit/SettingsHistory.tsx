import type { ServerSettingsChange } from '@vip/contracts';
import { useParams } from 'react-router';
import { QueryResult } from '../../components/QueryResult.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { useGetServerSettingsHistoryQuery } from './auditApi.ts';
import { fieldWords, settingWords, valueWords } from './auditWords.ts';
import { BackToLog } from './BackToLog.tsx';
import { actorText } from './EventItem.tsx';
import { SettingsOpener } from './SettingsOpener.tsx';

/** /admin/audit/servers/:guildId: every change of a server's settings, field by field. */
export function SettingsHistory() {
  const { guildId = '' } = useParams();
  const query = useGetServerSettingsHistoryQuery(guildId);
  return (
    <section aria-labelledby="settings-history-title" className="audit">
      <BackToLog />
      <div className="section-header">
        <h2 id="settings-history-title">
          Settings history <span className="mono muted">{guildId}</span>
        </h2>
      </div>
      <SettingsOpener key={guildId} initial={guildId} />
      <QueryResult
        query={query}
        loading="Loading settings history..."
        failed={(error) => errorTextOf(error, 'Could not load the settings history')}
        empty="No settings changes recorded for this server"
        isEmpty={(history) => history.changes.length === 0}
      >
        {(history) => (
          <ol className="audit-events" aria-label="Settings changes">
            {history.changes.map((change) => (
              <SettingChangeItem key={change.position} change={change} names={history.names ?? {}} />
            ))}
          </ol>
        )}
      </QueryResult>
    </section>
  );
}

/** One change in words: the setting, what happened, and each field's old and new value by name. */
function SettingChangeItem({ change, names }: { change: ServerSettingsChange; names: Record<string, string> }) {
  return (
    <li className="card audit-event" data-setting={change.setting}>
      <div className="audit-event-head">
        <span className="badge badge-accent">{settingWords[change.setting] ?? change.setting}</span>
        <time dateTime={change.time} className="muted">
          {formatDateTime(change.time)}
        </time>
      </div>
      <p className="audit-sentence">{change.sentence}</p>
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
                  <th scope="row">{fieldWords(diff.field)}</th>
                  <td title={typeof diff.from === 'string' ? diff.from : undefined}>
                    {valueWords(diff.field, diff.from, names)}
                  </td>
                  <td title={typeof diff.to === 'string' ? diff.to : undefined}>
                    {valueWords(diff.field, diff.to, names)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
