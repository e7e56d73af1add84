import { useState } from 'react';
import { panelTexts, serverTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { AddServerModal } from './AddServerModal.tsx';
import { DiscordAccountCard } from '../discord/DiscordAccountCard.tsx';
import { useGetUserDiscordQuery } from '../discord/discordApi.ts';
import { SetupChecklist } from './SetupChecklist.tsx';
import { ServerCard } from './ServerCard.tsx';
import { useGetSubscriptionQuery } from '../subscriptions/subscriptionsApi.ts';
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
  const readOnly = useGetSubscriptionQuery().data?.readOnlyServers ?? [];
  const canAdd = servers.length < maxSlots;
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
            {servers.length} of {maxSlots} slots used
          </p>
        </div>
        {canAdd && servers.length > 0 && (
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            Add server
          </button>
        )}
      </div>
      {!canAdd && (
        <p className="banner banner-info" role="status">
          {serverTexts.maxServers(maxSlots)}. Change a server's ID to move a slot to another server.
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
