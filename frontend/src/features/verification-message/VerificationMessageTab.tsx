import { useState } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';
import { panelTexts } from '../../app/texts.ts';
import { useGetServerQuery, useGetUserServersQuery } from '../servers/serversApi.ts';
import { VerificationMessageEditor } from './VerificationMessageEditor.tsx';
import './verificationMessage.css';

/** The panel's Verification message tab: pick a server, edit the message /send posts there. */
export function VerificationMessageTab() {
  const { data: slots, isLoading, isError } = useGetUserServersQuery();
  const [chosen, setChosen] = useState('');
  if (isLoading) return <PageLoading label="Loading servers..." />;
  const servers = slots?.servers ?? [];
  // one server: nothing to choose
  const serverId = chosen || (servers.length === 1 ? servers[0] : '');

  return (
    <section className="card" aria-labelledby="verification-title">
      <h2 id="verification-title">Verification message</h2>
      <p className="field-hint">
        The key bot's message with the Redeem Key button, posted by <code>/send</code> in your server.
      </p>
      {isError && (
        <p className="banner banner-error" role="alert">
          {panelTexts.failedToLoadServers}
        </p>
      )}
      <div className="field">
        <label htmlFor="verification-server">Server</label>
        <select id="verification-server" value={serverId} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Select a server</option>
          {servers.map((id) => (
            <ServerOption key={id} id={id} />
          ))}
        </select>
        {servers.length === 0 && !isError && <p className="field-hint">Add a server in the Servers tab first.</p>}
      </div>
      {serverId && <VerificationMessageEditor key={serverId} serverId={serverId} />}
    </section>
  );
}

function ServerOption({ id }: { id: string }) {
  const { data } = useGetServerQuery(id);
  return <option value={id}>{data ? `${data.name} (${id})` : id}</option>;
}
