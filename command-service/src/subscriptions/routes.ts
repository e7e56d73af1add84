import Router from '@koa/router';
import type { Context } from 'koa';
import {
  createSubscriberRequestSchema,
  extendSubscriptionRequestSchema,
  subscriberIdSchema,
  subscriptionTexts,
  type ChangeSubscriptionResponse,
  type CreateSubscriberResponse,
  type ResetPasswordResponse,
} from '@vip/contracts';
import { DomainError, passwords, requireAdmin, requireUser, validateForm, waitForProjection } from '@vip/platform';
import { handleCommand, type CommandResult } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { registerUser } from '../users/register-user.ts';
import { userDecider, userStream } from '../users/user.decider.ts';
import { subscriptionDecider, subscriptionSummary, type SubscriptionCommand } from './subscription.decider.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  subscriptionStream,
  type SubscriptionEvent,
} from './subscription.state.ts';

const PROJECTION = 'subscriptions';

/** Admins create and change subscriber accounts; subscribers reset their panel password. */
export function subscriptionRoutes(deps: CommandDeps): Router {
  const router = new Router();

  const decide = (
    userId: string,
    command: SubscriptionCommand,
    ctx: Context,
  ): Promise<CommandResult<SubscriptionEvent>> =>
    handleCommand(deps.eventStore, subscriptionDecider, subscriptionStream(userId), command, commandContext(ctx));

  /** The admin's list refetches right after these answers: let it see the change. */
  const settle = async (position: number | null) => {
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
  };

  const summaryOf = async (userId: string) => {
    const { state } = await loadState(
      deps.eventStore,
      subscriptionStream(userId),
      evolveSubscription,
      initialSubscriptionState(),
    );
    return subscriptionSummary(state, new Date());
  };

  router.post('/api/admin/subscribers', async (ctx) => {
    requireAdmin(ctx);
    const input = validateForm(createSubscriberRequestSchema, ctx.request.body);
    // a password the admin did not choose is shown once, in this answer, and kept only as a hash
    const generated = input.password === undefined ? passwords.generate() : undefined;
    const context = commandContext(ctx);
    const { userId } = await registerUser(
      deps.eventStore,
      { username: input.username, password: input.password ?? generated!, isAdmin: false },
      context,
    );
    const { events, position } = await handleCommand(
      deps.eventStore,
      subscriptionDecider,
      subscriptionStream(userId),
      {
        type: 'StartSubscription',
        userId,
        planName: input.planName,
        days: input.days,
        maxSlots: input.maxSlots,
        discordUserId: input.discordUserId ?? null,
      },
      context,
    );
    await settle(position);
    const state = events.reduce(evolveSubscription, initialSubscriptionState());
    const body: CreateSubscriberResponse = {
      id: userId,
      username: input.username,
      ...(generated ? { password: generated } : {}),
      subscription: subscriptionSummary(state, context.now),
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.post('/api/admin/subscribers/:id/extend', async (ctx) => {
    requireAdmin(ctx);
    const userId = subscriberId(ctx.params.id);
    const { days, maxSlots } = validateForm(extendSubscriptionRequestSchema, ctx.request.body);
    const { position } = await decide(
      userId,
      { type: 'ExtendSubscription', userId, days, maxSlots: maxSlots ?? null },
      ctx,
    );
    await settle(position);
    const body: ChangeSubscriptionResponse = { success: true, subscription: await summaryOf(userId) };
    ctx.body = body;
  });

  router.post('/api/admin/subscribers/:id/end', async (ctx) => {
    requireAdmin(ctx);
    const userId = subscriberId(ctx.params.id);
    const { position } = await decide(userId, { type: 'EndSubscription', userId }, ctx);
    await settle(position);
    const body: ChangeSubscriptionResponse = { success: true, subscription: await summaryOf(userId) };
    ctx.body = body;
  });

  router.post('/api/user/reset-password', async (ctx) => {
    const user = requireUser(ctx);
    // decisions.md §4: the panel password is never shown again, only replaced
    const password = passwords.generate();
    const passwordHash = await passwords.hash(password);
    await handleCommand(
      deps.eventStore,
      userDecider,
      userStream(user.id),
      { type: 'ChangePassword', userId: user.id, passwordHash },
      commandContext(ctx),
    );
    const body: ResetPasswordResponse = { password };
    ctx.body = body;
  });

  return router;
}

/** A malformed id names no subscriber. */
function subscriberId(raw: string | undefined): string {
  const parsed = subscriberIdSchema.safeParse(raw);
  if (!parsed.success) throw new DomainError('not_found', subscriptionTexts.subscriberNotFound, 'subscriber_not_found');
  return parsed.data;
}
