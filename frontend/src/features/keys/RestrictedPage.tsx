import { Link } from 'react-router';
import { useSiteSettings } from '../../app/siteConfig.ts';
import './keys.css';

/** Spec §2 "403 Restricted": access is restricted; home, or ask support (SUPPORT_URL of the running product). */
export default function RestrictedPage() {
  return (
    <main className="centered-screen">
      <Restricted />
    </main>
  );
}

/** The Restricted card; a suspended server's key page shows it with the server's answer as `message`. */
export function Restricted({ message }: { message?: string }) {
  const supportUrl = useSiteSettings()?.supportUrl;
  return (
    <section className="card state-card" aria-labelledby="restricted-title">
      <p className="not-found-code" aria-hidden="true">
        403
      </p>
      <h1 id="restricted-title">Access restricted</h1>
      <p className="muted">
        {message ?? 'You do not have permission to access this page. If you think this is a mistake, contact support.'}
      </p>
      <div className="button-row">
        <Link className="button button-primary" to="/">
          Go back home
        </Link>
        {supportUrl ? (
          <a className="button button-secondary" href={supportUrl} target="_blank" rel="noopener noreferrer">
            Contact support
          </a>
        ) : (
          <Link className="button button-secondary" to="/invite#support">
            Contact support
          </Link>
        )}
      </div>
    </section>
  );
}
