import { Link, useNavigate } from 'react-router';
import { keyTexts } from '../../app/visitorTexts.ts';
import { ClockIcon } from '../../components/icons.tsx';
import type { VisitorProblem } from './visitorProblems.ts';

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

/**
 * Spec §2 hash gate: on error, an Access Error card with the error's text. Under it, what the
 * visitor can do: Try Again (which reloads) only where another try can help — a busy product or
 * a lost connection, not a link that does not exist or a server the bot is not in.
 */
export function AccessError({ problem }: { problem: VisitorProblem }) {
  return (
    <section className="card state-card" role="alert" aria-labelledby="access-error-title">
      <div className="state-icon state-icon-error" aria-hidden="true">
        !
      </div>
      <h1 id="access-error-title">Access Error</h1>
      <p className="state-message">{problem.message}</p>
      <ProblemAdvice problem={problem} retry={() => window.location.reload()} />
    </section>
  );
}

/** What a visitor can do about a problem of the key pages, in their words. */
export function ProblemAdvice({ problem, retry }: { problem: VisitorProblem; retry: () => void }) {
  switch (problem.kind) {
    case 'unknownLink':
      return (
        <p className="muted">
          This link is not one we gave out, or part of it was lost when it was copied. Go back to the server in Discord
          and press the bot's button again for a new link.
        </p>
      );
    case 'botMissing':
      return (
        <>
          <p className="muted">
            The VIP Access bot is not in this server yet, so it cannot give out keys there. Let the server's staff know.
            If you own the server, invite the bot first.
          </p>
          <Link className="button button-secondary" to="/invite">
            How to invite the bot
          </Link>
        </>
      );
    case 'suspended':
      return null; // the Restricted screen says it, with whom to contact
    case 'tooMany':
    case 'failed':
      return (
        <>
          {problem.kind === 'failed' && <p className="muted">Check your connection, then try again.</p>}
          <button type="button" className="button button-primary" onClick={retry}>
            Try Again
          </button>
        </>
      );
  }
}

/** Bot not in server (spec §8): members learn that the staff must act; the 404's inviteUrl is for the owner. */
export function BotNotInServer({ inviteUrl, message }: { inviteUrl: string; message: string }) {
  return (
    <section className="card state-card" role="alert" aria-labelledby="bot-missing-title">
      <div className="state-icon state-icon-warning" aria-hidden="true">
        ?
      </div>
      <h1 id="bot-missing-title">{message}</h1>
      <p className="muted">
        The VIP Access bot has not been added to this server, so no keys can be generated for it yet. Let the server's
        staff know. If you own the server, invite the bot:
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
