import { useState } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ServerPicker } from '../servers/ServerPicker.tsx';
import { useGetUserServersQuery } from '../servers/serversApi.ts';
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
        <ServerPicker id="greeting-server" servers={servers} value={serverId} onChange={setServerId} failed={isError} />
        <GreetingEditor serverId={serverId} />
      </section>
      <GreetingsList selectedServerId={serverId} onEdit={setServerId} />
    </div>
  );
}
