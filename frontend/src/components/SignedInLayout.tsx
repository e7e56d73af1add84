import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../app/hooks.ts';
import { selectCurrentUser } from '../features/auth/authSlice.ts';
import { LogoutButton } from '../features/auth/LogoutButton.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import './signedIn.css';

/** The frame of every signed-in page: who is signed in, the way between modes, and Logout. */
export function SignedInLayout({
  mode,
  children,
  wide = false,
}: {
  mode: 'panel' | 'admin';
  children: ReactNode;
  wide?: boolean;
}) {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null; // the route guard has already sent them to /login

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to={mode === 'admin' ? '/admin' : '/panel'} className="brand">
          VIP Access <span className="brand-mode">{mode === 'admin' ? 'Admin' : 'Panel'}</span>
        </Link>
        <span className="user-chip">
          <UserAvatar username={user.username} avatar={user.avatar} />
          <span className="user-name">{user.username}</span>
        </span>
        <nav className="header-actions" aria-label="Account">
          {mode === 'admin' ? (
            <Link className="button button-ghost" to="/panel">
              Switch to User Mode
            </Link>
          ) : (
            user.isAdmin && (
              <Link className="button button-ghost" to="/admin">
                Switch to Admin Mode
              </Link>
            )
          )}
          <LogoutButton />
        </nav>
      </header>
      <main id="main" className={wide ? 'app-main app-main-wide' : 'app-main'}>
        {children}
      </main>
    </div>
  );
}
