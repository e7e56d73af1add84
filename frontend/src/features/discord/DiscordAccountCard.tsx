import { discordTexts } from '@vip/contracts/plain';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { DiscordLogo } from './DiscordLogo.tsx';
import { useGetDiscordSignInQuery, useGetUserDiscordQuery } from './discordApi.ts';
import { goToDiscord } from './discordSignIn.ts';
import { LinkCodeBox } from './LinkCodeBox.tsx';
import './discord.css';
import './discord-servers.css';

/**
 * The panel user's Discord account (decisions.md §9): a server belongs only to someone who
 * manages it in Discord, so the panel first says which account is theirs, or how to link one:
 * Connect Discord (where the operator set up Sign in with Discord) or /link with a code.
 */
export function DiscordAccountCard() {
  const { data, isLoading } = useGetUserDiscordQuery();
  const { data: signIn } = useGetDiscordSignInQuery();
  if (isLoading || !data) return null;
  const { account, managedServers } = data;
  if (account)
    return (
      <section className="card discord-account" aria-label="Discord account">
        <UserAvatar username={account.username} avatar={account.avatar} />
        <div className="discord-account-text">
          <strong>{account.username}</strong>
          <span className="muted">
            Discord account linked · {managedServers.length} server{managedServers.length === 1 ? '' : 's'} you manage
          </span>
        </div>
        <span className="field-hint discord-account-hint">
          Run <code>/link</code> in another server you manage to add it here.
        </span>
      </section>
    );
  return (
    <section className="card discord-account discord-account-unlinked" aria-labelledby="discord-account-title">
      <div>
        <h3 id="discord-account-title">Link your Discord account</h3>
        <p className="muted">{signIn?.enabled ? discordTexts.notLinked : discordTexts.notLinkedByCode}</p>
      </div>
      <div className="discord-account-actions">
        {signIn?.enabled && <ConnectDiscordButton />}
        <LinkCodeBox />
      </div>
    </section>
  );
}

export function ConnectDiscordButton() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button-discord"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await dispatch(goToDiscord('connect'));
          } catch (failure) {
            setError(errorTextOf(failure, discordTexts.discordUnreachable));
            setBusy(false);
          }
        }}
      >
        <DiscordLogo />
        {busy ? 'Opening Discord...' : 'Connect Discord'}
      </button>
      {error && (
        <span className="banner banner-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
