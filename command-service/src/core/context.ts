import type { Actor, BotName } from '@vip/contracts';
import type { AppState, SignedInUser } from '@vip/platform';
import type { Context } from 'koa';
import type { CommandContext } from './command-handler.ts';

/**
 * Who causes a request's events: the bot a bot route's spec names (its service token is the
 * bots' one), else the signed-in user or admin, else a visitor.
 */
export function actorOf(caller: { user?: Pick<SignedInUser, 'id' | 'isAdmin'>; bot?: BotName }): Actor {
  if (caller.bot) return { kind: 'bot', id: caller.bot };
  if (!caller.user) return { kind: 'visitor', id: 'anonymous' };
  return { kind: caller.user.isAdmin ? 'admin' : 'user', id: caller.user.id };
}

/** The clock reading and metadata one HTTP request gives every event it causes. */
export function commandContext(ctx: Context, actor: Actor = actorOf(ctx.state as AppState)): CommandContext {
  const { correlationId } = ctx.state as AppState;
  return { now: new Date(), metadata: { correlationId, causationId: correlationId, actor } };
}
