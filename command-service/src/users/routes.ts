import { authApi, errorCodes, subscriptionTexts, type ResetPasswordResponse } from '@vip/contracts';
import { DomainError, clientKey, on, passwords, type MountedRoute } from '@vip/platform';
import { RetryLater } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { endOtherSessions } from '../sessions/end-sessions.ts';
import { users } from './register-user.ts';
import { userDecider, userStream } from './user.decider.ts';

/** A signed-in user's own account: POST /api/user/reset-password. */
export function userRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(
      authApi.resetPassword,
      async ({ ctx, user, body: { currentPassword } }) => {
        // a stolen token is not enough: the owner proves the account with its password (issue #13 item 5)
        const client = clientKey(ctx, deps.keyring);
        const { state } = await loadState(
          deps.eventStore,
          userStream(user.id),
          userDecider.evolve,
          userDecider.initialState(),
        );
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
        const answer: ResetPasswordResponse = { password };
        return answer;
      },
      // each attempt costs two argon2 runs: a guesser of the current password is slowed down per account
      { rateLimit: { perMinute: deps.config.rateLimits.login, keyOf: ({ user }) => user.id } },
    ),
  ];
}
