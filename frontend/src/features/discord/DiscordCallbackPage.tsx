import { discordTexts } from '@vip/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { SecretField } from '../../components/SecretField.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { selectCurrentUser } from '../auth/authSlice.ts';
import { landingPathFor, takeLandingAfterDiscord } from '../auth/landing.ts';
import { finishWithDiscord, goToDiscord } from './discordSignIn.ts';
import './discord.css';

/**
 * /auth/discord/callback: where Discord sends the browser back (the OAuth redirect address).
 * The page only passes the code and state on (a POST; the server checks the state against
 * this browser's cookie) and words whatever went wrong: Discord down, an account nobody
 * was given, a sign-in that was cancelled, replayed or too old.
 */
export default function DiscordCallbackPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [failure, setFailure] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  // a sign-up's generated password, shown here once (decisions.md §4), then the panel
  const [welcome, setWelcome] = useState<{ username: string; password: string; next: string } | null>(null);
  const started = useRef(false);
  // whoever was signed in when Discord sent them back was connecting Discord; anyone else was signing in
  const [intent] = useState<'sign-in' | 'connect'>(user ? 'connect' : 'sign-in');

  useEffect(() => {
    if (started.current) return; // once, even when React runs effects twice in development
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setFailure(discordTexts.cancelled);
      return;
    }
    dispatch(finishWithDiscord({ code, state }))
      .then(({ connected, user: signedIn, newPassword }) => {
        if (connected) toast.success(`Discord connected: ${connected.username}`);
        const next = connected ? '/panel' : landingPathFor(signedIn, takeLandingAfterDiscord());
        if (newPassword) setWelcome({ username: signedIn.username, password: newPassword, next });
        else navigate(next, { replace: true });
      })
      .catch((error: unknown) => setFailure(errorTextOf(error, discordTexts.discordUnreachable)));
  }, [dispatch, navigate, params]);

  async function tryAgain() {
    setRetrying(true);
    try {
      await dispatch(goToDiscord(intent));
    } catch (error) {
      setFailure(errorTextOf(error, discordTexts.discordUnreachable));
      setRetrying(false);
    }
  }

  return (
    <main className="login-screen">
      <div className="card login-card discord-callback">
        <h1>Sign in with Discord</h1>
        {welcome ? (
          <div className="discord-welcome" role="status">
            <p>
              Welcome, <strong>{welcome.username}</strong>. Your panel account is ready. To sign in without Discord, use
              this username and password.
            </p>
            <p className="banner banner-warning">This password is shown once. Save it now: it cannot be shown again.</p>
            <SecretField label="Panel password" value={welcome.password} />
            <button
              type="button"
              className="button button-primary"
              onClick={() => navigate(welcome.next, { replace: true })}
            >
              I have saved it
            </button>
          </div>
        ) : failure ? (
          <>
            <div className="banner banner-error" role="alert">
              {failure}
            </div>
            <div className="button-row">
              <button type="button" className="button button-discord" onClick={tryAgain} disabled={retrying}>
                {retrying ? 'Opening Discord...' : 'Try again'}
              </button>
              <Link className="button button-ghost" to={intent === 'connect' ? '/panel' : '/login'}>
                {intent === 'connect' ? 'Back to the panel' : 'Back to sign in'}
              </Link>
            </div>
          </>
        ) : (
          <p className="discord-waiting" role="status">
            <span className="spinner" aria-hidden="true" /> Finishing with Discord...
          </p>
        )}
      </div>
    </main>
  );
}
