import toast from 'react-hot-toast';
import { greetingTexts, panelTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useDeleteGreetingMutation, useGetGreetingListQuery } from './greetingsApi.ts';

/** Spec §2: the greetings of the subscriber's servers; removing one resets its form. */
export function GreetingsList({
  selectedServerId,
  onEdit,
}: {
  selectedServerId: string;
  onEdit: (serverId: string) => void;
}) {
  const query = useGetGreetingListQuery();
  const [deleteGreeting, { isLoading: deleting, originalArgs }] = useDeleteGreetingMutation();

  async function remove(serverId: string) {
    try {
      const answer = await deleteGreeting(serverId).unwrap();
      toast.success(answer.message || greetingTexts.greetingRemoved);
    } catch (failure) {
      toast.error(errorTextOf(failure, panelTexts.failedToRemoveGreeting));
    }
  }

  return (
    <section className="card" aria-labelledby="greeting-list-title">
      <h2 id="greeting-list-title">Active greetings</h2>
      <QueryResult
        query={query}
        loading="Loading greetings..."
        failed={panelTexts.failedToLoadGreetings}
        empty={panelTexts.noGreetings}
        small
      >
        {(greetings) => (
          <ul className="greeting-list">
            {greetings.map((greeting) => (
              <li
                key={greeting.serverId}
                className={greeting.serverId === selectedServerId ? 'greeting-item is-selected' : 'greeting-item'}
              >
                <div className="greeting-item-text">
                  <strong>{greeting.serverName}</strong>
                  <span className="muted">{greeting.channelName ? `#${greeting.channelName}` : 'No channel'}</span>
                </div>
                <span className={greeting.enabled ? 'badge badge-success' : 'badge badge-muted'}>
                  {greeting.enabled ? 'Enabled' : 'Disabled'}
                </span>
                <div className="greeting-item-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => onEdit(greeting.serverId)}
                    aria-label={`Edit greeting of ${greeting.serverName}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-danger button-small"
                    onClick={() => remove(greeting.serverId)}
                    disabled={deleting && originalArgs === greeting.serverId}
                    aria-label={`Remove greeting of ${greeting.serverName}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryResult>
    </section>
  );
}
