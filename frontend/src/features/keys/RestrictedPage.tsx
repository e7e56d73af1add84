import { Link } from 'react-router';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import './keys.css';

/** Spec §2 "403 Restricted": access is restricted; home, or ask support (SUPPORT_URL of the running product). */
export default function RestrictedPage() {
  return (
    <main className="centered-screen">
      <Restricted />
    </main>
  );
}

/**
 * The Restricted card; a suspended server's key page shows it with the server's answer as
 * `message`. "Go back home" leads to the public site ("/" is the sign-in screen, which is no home
 * for a visitor), and "Contact support" appears only when the product has a support address:
 * never a link to a contact that does not exist.
 */
export function Restricted({ message }: { message?: string }) {
  const supportUrl = safeExternalUrl(useSiteSettings()?.supportUrl);
  return (
    <section className="card state-card" aria-labelledby="restricted-title">
      <p className="not-found-code" aria-hidden="true">
        403
      </p>
      <h1 id="restricted-title">Access restricted</h1>
      <p className="muted">{message ?? 'Access to this page is restricted.'}</p>
      {!supportUrl && <p className="muted">Ask the server's staff in Discord if you need help with it.</p>}
      <div className="button-row">
        <Link className="button button-primary" to="/features">
          Go back home
        </Link>
        {supportUrl && (
          <a className="button button-secondary" href={supportUrl} target="_blank" rel="noopener noreferrer">
            Contact support
          </a>
        )}
      </div>
    </section>
  );
}
