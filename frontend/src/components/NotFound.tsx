import { Link } from 'react-router';

/** The not-found screen; `reason` says why, when there is more to say than "no such page". */
export function NotFound({ reason }: { reason?: string }) {
  return (
    <main className="centered-screen">
      <div className="card not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        {reason ? (
          <p className="banner banner-error" role="alert">
            {reason}
          </p>
        ) : (
          <p className="muted">The page you are looking for does not exist or has moved.</p>
        )}
        <Link className="button button-primary" to="/">
          Go back home
        </Link>
      </div>
    </main>
  );
}
