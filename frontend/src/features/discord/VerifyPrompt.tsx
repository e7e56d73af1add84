import { discordTexts } from '@vip/contracts/plain';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch } from '../../app/hooks.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { errorTextOf } from '../api/errorText.ts';
import { useGetDiscordSignInQuery, useGetUserDiscordQuery, useVerifyServerMutation } from './discordApi.ts';

const checkWords = {
  pending: 'The bot is reading your roles in this server...',
  refused: 'The bot did not find Manage Server or Administrator for your Discord account here.',
  proven: 'The bot found that you manage this server.',
} as const;

/**
 * A claim made before proof existed (decisions.md §9): the bot ignores its greeting,
 * auto-ping and log settings until the user proves they manage the server, by signing in with
 * Discord, by /link there, or by asking the bot to read their roles now.
 */
export function VerifyPrompt({ serverId, botInServer }: { serverId: string; botInServer: boolean }) {
  const dispatch = useAppDispatch();
  const [verify, { isLoading }] = useVerifyServerMutation();
  const { data } = useGetUserDiscordQuery();
  // "sign in with Discord" only where the site has it
  const { data: signIn } = useGetDiscordSignInQuery();
  const check = data?.checks.find((candidate) => candidate.guildId === serverId);
  const pending = check?.status === 'pending';
  // while the bot looks, ask again every two seconds; the answer is an event, shown when it is in
  useGetUserDiscordQuery(undefined, { pollingInterval: pending ? 2000 : 0, skip: !pending });
  useEffect(() => {
    if (check?.status === 'proven') dispatch(apiSlice.util.invalidateTags(['UserServers']));
  }, [check?.status, dispatch]);

  return (
    <div className="banner banner-warning verify-prompt" role="status">
      <p>{signIn?.enabled ? discordTexts.unverifiedClaim : discordTexts.unverifiedClaimByCode}</p>
      {check && <p className="verify-check">{checkWords[check.status]}</p>}
      {data?.account && botInServer && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={isLoading || pending}
          onClick={async () => {
            try {
              await verify(serverId).unwrap();
            } catch (failure) {
              toast.error(errorTextOf(failure, 'Could not ask the bot'));
            }
          }}
        >
          {pending ? 'Checking...' : 'Check with the bot'}
        </button>
      )}
    </div>
  );
}
