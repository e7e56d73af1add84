import { Link } from 'react-router';

export function NotFound() {
  return (
    <main className="centered-screen">
      <div className="card not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link className="button button-primary" to="/">
          Go back home
        </Link>
      </div>
    </main>
  );
}
