import type { Actor } from '@vip/contracts';
import type { AppState, SignedInUser } from '@vip/platform';
import type { Context } from 'koa';
import type { CommandContext } from './command-handler.ts';

export function actorOf(user: SignedInUser | undefined): Actor {
  if (!user) return { kind: 'visitor', id: 'anonymous' };
  return { kind: user.isAdmin ? 'admin' : 'user', id: user.id };
}

/** The clock reading and metadata one HTTP request gives every event it causes. */
export function commandContext(ctx: Context, actor: Actor = actorOf((ctx.state as AppState).user)): CommandContext {
  const { correlationId } = ctx.state as AppState;
  return { now: new Date(), metadata: { correlationId, causationId: correlationId, actor } };
}
