import { useNavigate } from 'react-router';
import { keyTexts } from '../../app/visitorTexts.ts';
import { ClockIcon } from '../../components/icons.tsx';

/**
 * decisions.md §3: a used or expired one-time link says so plainly, and offers a fresh link
 * for the same server — no silent redirect anywhere.
 */
export function LinkProblem({ code, serverId }: { code: 'used' | 'expired'; serverId: string }) {
  const navigate = useNavigate();
  return (
    <section className="card state-card" role="alert" aria-labelledby="link-problem-title">
      <div className="state-icon state-icon-warning" aria-hidden="true">
        <ClockIcon size={28} />
      </div>
      <h1 id="link-problem-title">{code === 'used' ? keyTexts.hashUsed : keyTexts.hashExpired}</h1>
      <p className="muted">
        {code === 'used'
          ? 'Each access link works for one key only. Get a fresh link for this server to generate another key.'
          : 'Access links are only valid for a short time. Get a fresh link for this server to continue.'}
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => navigate(`/gen?serverid=${encodeURIComponent(serverId)}`)}
      >
        Get a fresh link
      </button>
    </section>
  );
}

/** Spec §2 hash gate: on error, an Access Error card with a Try Again button that reloads. */
export function AccessError({ message }: { message: string }) {
  return (
    <section className="card state-card" role="alert" aria-labelledby="access-error-title">
      <div className="state-icon state-icon-error" aria-hidden="true">
        !
      </div>
      <h1 id="access-error-title">Access Error</h1>
      <p className="state-message">{message}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </section>
  );
}

/** Bot not in server (spec §8): the 404's inviteUrl lets the server's owner fix it. */
export function BotNotInServer({ inviteUrl, message }: { inviteUrl: string; message: string }) {
  return (
    <section className="card state-card" role="alert" aria-labelledby="bot-missing-title">
      <div className="state-icon state-icon-warning" aria-hidden="true">
        ?
      </div>
      <h1 id="bot-missing-title">{message}</h1>
      <p className="muted">
        The VIP Access bot has not been added to this server, so no keys can be generated for it yet.
      </p>
      <a className="button button-primary" href={inviteUrl} {...externalLinkProps(inviteUrl)}>
        Invite Bot
      </a>
    </section>
  );
}

export function externalLinkProps(href: string): { target?: string; rel?: string } {
  return /^https?:\/\//.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
