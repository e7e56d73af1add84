import type { ManagedServerView } from '@vip/contracts';
import toast from 'react-hot-toast';
import { panelTexts, serverTexts } from '../../app/texts.ts';
import { ServerIcon } from '../../components/ServerIcon.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useGetUserDiscordQuery } from '../discord/discordApi.ts';
import { useAddServerMutation } from './serversApi.ts';

const standing: Record<ManagedServerView['claim'], string> = {
  yours: 'In your list',
  'yours-unverified': 'In your list',
  free: '',
  'unverified-claim': 'Claimed by another subscriber without proof: adding it takes it over',
  taken: serverTexts.claimedByAnother,
};

/**
 * The Add-server picker: the servers the user's Discord account manages, as Discord said
 * (owner, Manage Server or Administrator), each with what adding it would do, and an
 * invite where the key bot is not in it yet. A typed ID is still accepted below it.
 */
export function ManagedServerPicker({ onAdded }: { onAdded: () => void }) {
  const { data, isLoading } = useGetUserDiscordQuery();
  const [addServer, { isLoading: adding, originalArgs }] = useAddServerMutation();
  if (isLoading) return <p className="muted">Loading the servers you manage...</p>;
  if (!data?.account) return null;
  if (data.managedServers.length === 0)
    return <p className="muted">Discord shows no server that your account manages yet. Run /link in one.</p>;

  async function add(server: ManagedServerView) {
    try {
      const answer = await addServer({ guildId: server.id }).unwrap();
      toast.success(answer.message || serverTexts.serverAdded);
      onAdded();
    } catch (failure) {
      toast.error(errorTextOf(failure, panelTexts.failedToAddServer));
    }
  }

  return (
    <>
      <p className="add-server-divider">Servers your Discord account manages:</p>
      <ul className="managed-servers" aria-label="Servers you manage">
        {data.managedServers.map((server) => {
          const addable = server.claim === 'free' || server.claim === 'unverified-claim';
          const busy = adding && originalArgs?.guildId === server.id;
          return (
            <li key={server.id} className="managed-server" data-server-id={server.id}>
              <ServerIcon id={server.id} name={server.name} icon={server.icon} size={40} />
              <div className="managed-server-text">
                <strong>{server.name}</strong>
                {standing[server.claim] && <span className="muted">{standing[server.claim]}</span>}
                {!server.botInServer && (
                  <span className="managed-server-bot">
                    Bot not added yet ·{' '}
                    <a href={server.inviteUrl} target="_blank" rel="noopener noreferrer">
                      Invite
                    </a>
                  </span>
                )}
              </div>
              {addable && (
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={adding}
                  aria-label={`${server.claim === 'free' ? 'Add' : 'Take over'} ${server.name}`}
                  onClick={() => add(server)}
                >
                  {busy ? 'Adding...' : server.claim === 'free' ? 'Add' : 'Take over'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="add-server-divider">Or enter the ID of a server you proved with /link:</p>
    </>
  );
}
