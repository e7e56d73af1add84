import { authApi, errorCodes, errorTexts, subscriptionTexts } from '@vip/contracts';
import {
  clientAndNetworkKeys,
  clientKey,
  clientNetworkKey,
  DomainError,
  decoyPasswordHash,
  type MountedRoute,
  on,
  passwords,
} from '@vip/platform';
import type { Context } from 'koa';
import { RetryLater } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { endOtherSessions, loadCredentials, openSession, sessions, userOf, users } from './auth.commands.ts';
import { signInBudgets } from './sign-in-budget.ts';
import { usernameStream } from './username.state.ts';
/** Signing in and out with a password, and a signed-in user's own password (POST /api/user/reset-password). */
export function authRoutes(deps: CommandDeps): MountedRoute[] {
  const clientOf = (ctx: Context) => clientKey(ctx, deps.keyring);
  const budgets = signInBudgets(deps);
  return [
    on(
      authApi.login,
      async ({ ctx, body: { username, password } }) => {
        const client = clientOf(ctx);
        const user = await loadCredentials(deps, username);
        const budget = user ? budgets.of(ctx, user.userId) : undefined;
        const pause = (await budget?.admit()) ?? 0;
        // an unknown user costs the same argon2 work as a wrong password; the work queues (or answers 429) per client
        const valid = await deps.passwordWork.run(
          client,
          async () => passwords.verify(user?.passwordHash ?? (await decoyPasswordHash()), password),
          pause,
        );
        if (!user || !valid) {
          await budget?.failed();
          throw new DomainError('unauthorized', errorTexts.invalidCredentials, errorCodes.invalidCredentials);
        }
        budgets.remember(ctx, user.userId);
        return openSession(deps, ctx, user, 'password');
      },
      {
        // the username as the lookup reads it (its reservation stream). Per client first, whatever
        // the usernames: a client refused there makes no window in the finer limit (issue #19
        // item 1); then per client and username, which slows guessing without locking anyone out
        // for long. Both count every attempt, which costs only the guessing client. What the
        // account itself may lose counts in the handler, on verified wrong passwords only
        // (signInBudgets). Each is a one-minute window: nobody is locked out for longer, and
        // Discord sign-in does not count here. When a limit's share of the counter is full, a
        // newcomer is counted by a coarser key (the client, its network) instead of refused.
        rateLimit: [
          {
            name: 'per client',
            perMinute: deps.config.rateLimits.loginsPerClient,
            keyOf: ({ ctx }) => clientOf(ctx),
            coarserKeysOf: ({ ctx }) => [clientNetworkKey(ctx, deps.keyring)],
          },
          {
            perMinute: deps.config.rateLimits.login,
            keyOf: ({ ctx, body }) => `${clientOf(ctx)}:${usernameStream(body.username.trim())}`,
            coarserKeysOf: ({ ctx }) => clientAndNetworkKeys(ctx, deps.keyring),
            coarserLevels: 2,
          },
        ],
      },
    ),

    on(authApi.logout, async ({ ctx, user }) => {
      const { sessionId, id: userId } = user;
      // the token stops working before we say the session has ended
      await sessions(deps, { type: 'EndSession', sessionId, userId }, commandContext(ctx));
    }),

    on(
      authApi.resetPassword,
      async ({ ctx, user, body: { currentPassword } }) => {
        // a stolen token is not enough: the owner proves the account with its password (issue #13 item 5)
        const client = clientKey(ctx, deps.keyring);
        const state = await userOf(deps.eventStore, user.id);
        const proven = await deps.passwordWork.run(client, () =>
          passwords.verify(state.passwordHash ?? '', currentPassword),
        );
        if (!proven)
          throw new DomainError('forbidden', subscriptionTexts.wrongCurrentPassword, errorCodes.wrongCurrentPassword);
        // decisions.md §4: the panel password is never shown again, only replaced
        const password = passwords.generate();
        const passwordHash = await deps.passwordWork.run(client, () => passwords.hash(password));
        const context = commandContext(ctx);
        // Whoever else held a session of this account is out before the answer. Ended before the
        // change: when that cannot be made true in time the reset is refused (503) with the
        // password unchanged, never answered with a new password while the old sessions work.
        await endOtherSessions(deps, user.id, user.sessionId, context);
        await users(deps, { type: 'ChangePassword', userId: user.id, passwordHash }, context);
        // a sign-in with the old password in between is ended too; the password has changed by
        // now and must reach its owner, so a late projection here is counted and logged, not refused
        await endOtherSessions(deps, user.id, user.sessionId, context).catch((error: unknown) => {
          if (!(error instanceof RetryLater)) throw error;
        });
        return { password };
      },
      // each attempt costs two argon2 runs: a guesser of the current password is slowed down per account
      {
        rateLimit: {
          perMinute: deps.config.rateLimits.login,
          keyOf: ({ user }) => user.id,
          coarserKeysOf: ({ ctx }) => clientAndNetworkKeys(ctx, deps.keyring),
          coarserLevels: 2,
        },
      },
    ),
  ];
}
