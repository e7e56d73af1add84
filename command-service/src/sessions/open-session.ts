import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@vip/contracts';
import type { Context } from 'koa';
import { actorOf, commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { sessions } from './session-commands.ts';

export interface SessionHolder {
  userId: string;
  username: string;
  isAdmin: boolean;
}

/**
 * A new session for someone whose identity was just proven (a password, or Discord): the
 * bearer token and the answer of spec §7's login, the same whichever way they signed in.
 */
export async function openSession(deps: CommandDeps, ctx: Context, holder: SessionHolder): Promise<LoginResponse> {
  const now = new Date();
  const sessionId = randomUUID();
  const { token, expiresAt } = await deps.sessionTokens.issue(holder.userId, sessionId, now);
  const context = commandContext(ctx, actorOf({ user: { id: holder.userId, isAdmin: holder.isAdmin } }));
  // the token is handed out once every service can find its session (else 503: sign in again)
  await sessions(
    deps,
    { type: 'StartSession', sessionId, userId: holder.userId, expiresAt },
    { ...context, now },
    { withoutReading: 'new' },
  );
  return { token, id: holder.userId, user: { username: holder.username, isAdmin: holder.isAdmin } };
}
