import { Link } from 'react-router';
import { siteConfig } from '../../app/siteConfig.ts';
import './visitor.css';

/** Spec §2 "403 Restricted": access is restricted; home, or ask support. */
export default function RestrictedPage() {
  return (
    <main className="centered-screen">
      <section className="card state-card" aria-labelledby="restricted-title">
        <p className="not-found-code" aria-hidden="true">
          403
        </p>
        <h1 id="restricted-title">Access restricted</h1>
        <p className="muted">
          You do not have permission to access this page. If you think this is a mistake, contact support.
        </p>
        <div className="button-row">
          <Link className="button button-primary" to="/">
            Go back home
          </Link>
          {siteConfig.supportUrl ? (
            <a
              className="button button-secondary"
              href={siteConfig.supportUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Contact support
            </a>
          ) : (
            <Link className="button button-secondary" to="/invite#support">
              Contact support
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
