import { useState } from 'react';
import { panelTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { isHttpFailure } from '../../lib/http.ts';
import { DiscordAccountCard } from '../discord/DiscordAccountCard.tsx';
import { useGetUserDiscordQuery } from '../discord/discordApi.ts';
import { useGetSubscriptionQuery } from '../subscriptions/subscriptionsApi.ts';
import { AddServerModal } from './AddServerModal.tsx';
import { ServerCard } from './ServerCard.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { useGetUserServersQuery } from './serversApi.ts';

/** Spec §2 Servers tab: the subscriber's server slots. */
export function ServersTab() {
  const query = useGetUserServersQuery();
  return (
    <QueryResult query={query} loading="Loading servers..." failed={panelTexts.failedToLoadServers}>
      {({ servers, maxSlots, unverified }) => (
        <ServerSlots servers={servers} maxSlots={maxSlots} unverified={unverified ?? []} />
      )}
    </QueryResult>
  );
}

function ServerSlots({ servers, maxSlots, unverified }: { servers: string[]; maxSlots: number; unverified: string[] }) {
  const [adding, setAdding] = useState(false);
  // decisions.md §11: an ended plan keeps the servers beyond the free tier as they are
  const subscription = useGetSubscriptionQuery();
  const readOnly = subscription.data?.readOnlyServers ?? [];
  // an account with no plan still has its slots: say whose they are, beside the Subscription tab's "no plan"
  const noPlan = isHttpFailure(subscription.error) && subscription.error.status === 404;
  const canAdd = servers.length < maxSlots;
  const slots = (count: number) => `${count} slot${count === 1 ? '' : 's'}`;
  // the checklist offers the first server once a Discord link can prove it; without its data, the empty state does
  const discordKnown = Boolean(useGetUserDiscordQuery().data);
  return (
    <section aria-labelledby="servers-title">
      <DiscordAccountCard />
      <SetupChecklist servers={servers} onAdd={() => setAdding(true)} />
      <div className="section-header">
        <div>
          <h2 id="servers-title">Your servers</h2>
          <p className="muted slot-count">
            {servers.length} of {slots(maxSlots)} used{noPlan ? ' (the slots of an account without a plan)' : ''}
          </p>
        </div>
        {canAdd && servers.length > 0 && (
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            Add server
          </button>
        )}
      </div>
      {/* full, not refused: "Maximum limit…" is the answer to adding one more, never said before that */}
      {!canAdd && (
        <p className="banner banner-info" role="status">
          {maxSlots === 1 ? 'Your one slot is in use' : `All ${slots(maxSlots)} are in use`}. Change a server's ID to
          move a slot to another server.
        </p>
      )}
      {servers.length === 0 ? (
        <div className="empty-state">
          <p>{panelTexts.noServers}</p>
          {!discordKnown && (
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add your first server
            </button>
          )}
        </div>
      ) : (
        <ul className="server-grid">
          {servers.map((serverId) => (
            <ServerCard
              key={serverId}
              serverId={serverId}
              unverified={unverified.includes(serverId)}
              readOnly={readOnly.includes(serverId)}
            />
          ))}
        </ul>
      )}
      {adding && <AddServerModal onClose={() => setAdding(false)} />}
    </section>
  );
}
