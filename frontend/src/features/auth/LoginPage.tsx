import { errorTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { DiscordSignIn } from '../discord/DiscordSignIn.tsx';
import { selectCurrentUser } from './authSlice.ts';
import { GetAnAccount } from './GetAnAccount.tsx';
import { landingPathFor } from './landing.ts';
import { logIn } from './logIn.ts';

/**
 * Spec §2 Login: the key generator panel's sign-in, in the site's frame (its header leads to
 * the features, pricing and invite), with the way to get an account for someone who has none.
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Signed in (just now, or already when arriving here): on to where they belong.
  if (user) return <Navigate to={landingPathFor(user, location.state)} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(errorTexts.fillAllFields);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dispatch(logIn({ username: username.trim(), password }));
      // the signed-in render above takes it from here
    } catch (failure) {
      setError(errorTextOf(failure, errorTexts.internal));
      setBusy(false);
    }
  }

  return (
    <SiteLayout>
      <div className="login-screen">
        <form className="card login-card" onSubmit={handleSubmit} noValidate aria-labelledby="login-title">
          <h1 id="login-title">Key Generator Panel Login</h1>
          <p className="muted">Sign in to manage your servers and announcements.</p>
          {error && (
            <div className="banner banner-error" role="alert">
              {error}
            </div>
          )}
          <div className="field">
            <label htmlFor="login-username">Username</label>
            <input
              id="login-username"
              name="username"
              autoComplete="username"
              required
              // biome-ignore lint/a11y/noAutofocus: the page is this form and nothing else, so every visitor starts in this field (HTML's own use case for autofocus)
              autoFocus
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
          <DiscordSignIn />
        </form>
        <GetAnAccount />
      </div>
    </SiteLayout>
  );
}
