import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { errorTextOf } from '../api/errorText.ts';
import { rememberLandingForDiscord } from '../auth/landing.ts';
import { DiscordLogo } from './DiscordLogo.tsx';
import { useGetDiscordSignInQuery } from './discordApi.ts';
import { goToDiscord } from './discordSignIn.ts';
import './discord.css';

/**
 * "Sign in with Discord" under the password form (decisions.md §9), where the operator set
 * Discord up; both ways end in the same session. Said up front when only linked accounts
 * may sign in, so nobody is surprised on the way back.
 */
export function DiscordSignIn() {
  const dispatch = useAppDispatch();
  const { data: options } = useGetDiscordSignInQuery();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!options?.enabled) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    // back from Discord, on to the page they were on the way to (a plan to buy), as a password sign-in does
    rememberLandingForDiscord(location.state);
    try {
      await dispatch(goToDiscord('sign-in'));
    } catch (failure) {
      setError(errorTextOf(failure, 'Discord did not answer, try again'));
      setBusy(false);
    }
  }

  return (
    <div className="discord-sign-in">
      <p className="login-divider">or</p>
      {error && (
        <div className="banner banner-error" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button-discord button-block" onClick={signIn} disabled={busy}>
        <DiscordLogo />
        {busy ? 'Opening Discord...' : 'Sign in with Discord'}
      </button>
      {options.signUp === 'closed' && (
        <p className="field-hint">
          For panel users who linked their Discord account. New here? Ask an admin for access.
        </p>
      )}
    </div>
  );
}
