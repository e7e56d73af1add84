import { useState } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';
import { panelTexts } from '../../app/texts.ts';
import { useGetServerQuery, useGetUserServersQuery } from '../servers/serversApi.ts';
import { GreetingEditor } from './GreetingEditor.tsx';
import { GreetingsList } from './GreetingsList.tsx';

/** Spec §2 Greetings tab: pick a server, edit its greeting; the list of greetings beside it. */
export function GreetingsTab() {
  const { data: slots, isLoading, isError } = useGetUserServersQuery();
  const [serverId, setServerId] = useState('');

  if (isLoading) return <PageLoading label="Loading servers..." />;
  const servers = slots?.servers ?? [];

  return (
    <div className="greetings-layout">
      <section className="card" aria-labelledby="greeting-form-title">
        <h2 id="greeting-form-title">Greeting settings</h2>
        {isError && (
          <p className="banner banner-error" role="alert">
            {panelTexts.failedToLoadServers}
          </p>
        )}
        <div className="field">
          <label htmlFor="greeting-server">Server</label>
          <select id="greeting-server" value={serverId} onChange={(event) => setServerId(event.target.value)}>
            <option value="">Select a server</option>
            {servers.map((id) => (
              <ServerOption key={id} id={id} />
            ))}
          </select>
          {servers.length === 0 && !isError && <p className="field-hint">Add a server in the Servers tab first.</p>}
        </div>
        <GreetingEditor serverId={serverId} />
      </section>
      <GreetingsList selectedServerId={serverId} onEdit={setServerId} />
    </div>
  );
}

function ServerOption({ id }: { id: string }) {
  const { data } = useGetServerQuery(id);
  return <option value={id}>{data ? `${data.name} (${id})` : id}</option>;
}
