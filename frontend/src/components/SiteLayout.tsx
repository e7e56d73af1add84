import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { storedUser } from '../features/auth/storedUser.ts';

/** The frame of the public pages: a slim header with the site's links and a legal footer. */
export function SiteLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  // someone signed in is offered their own part, not a Login they do not need (read from storage:
  // these pages do without the store)
  const user = storedUser();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/features" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          VIP Access
        </Link>
        <nav aria-label="Site" className="site-nav">
          <NavLink to="/features">Features</NavLink>
          <NavLink to="/invite">Invite</NavLink>
          {user ? (
            <NavLink to={user.isAdmin ? '/admin' : '/panel'} className="site-nav-login">
              {user.isAdmin ? 'Admin panel' : 'Your panel'}
            </NavLink>
          ) : (
            <NavLink to="/login" className="site-nav-login">
              Login
            </NavLink>
          )}
        </nav>
      </header>
      <main id="main" className={wide ? 'site-main site-main-wide' : 'site-main'}>
        {children}
      </main>
      <footer className="site-footer">
        <span>© {new Date().getUTCFullYear()} VIP Access</span>
        <nav aria-label="Legal" className="footer-nav">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/status">Status</Link>
        </nav>
      </footer>
    </div>
  );
}
