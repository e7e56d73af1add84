import type { Context } from 'koa';
import { authApi, errorCodes, errorTexts } from '@vip/contracts';
import { DomainError, clientKey, decoyPasswordHash, on, passwords, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { reservedUserId } from '../users/register-user.ts';
import { userDecider, userStream, usernameStream } from '../users/user.decider.ts';
import { openSession } from './open-session.ts';
import { sessions } from './session-commands.ts';

export function sessionRoutes(deps: CommandDeps): MountedRoute[] {
  const clientOf = (ctx: Context) => clientKey(ctx, deps.keyring);
  return [
    on(
      authApi.login,
      async ({ ctx, body: { username, password } }) => {
        const user = await loadCredentials(deps, username);
        // an unknown user costs the same argon2 work as a wrong password; the work queues (or answers 429) per client
        const valid = await deps.passwordWork.run(clientOf(ctx), async () =>
          passwords.verify(user?.passwordHash ?? (await decoyPasswordHash()), password),
        );
        if (!user || !valid)
          throw new DomainError('unauthorized', errorTexts.invalidCredentials, errorCodes.invalidCredentials);
        return openSession(deps, ctx, user);
      },
      {
        // the username as the lookup reads it (its reservation stream). Per client first, whatever
        // the usernames: a client refused there makes no window in the finer limits (issue #19
        // item 1); then per client and username, which slows guessing without locking anyone out
        // for long; then per username from every client (item 2): guesses spread over many
        // addresses. Each is a one-minute window: nobody is locked out for longer, and Discord
        // sign-in does not count here.
        rateLimit: [
          { name: 'per client', perMinute: deps.config.rateLimits.loginsPerClient, keyOf: ({ ctx }) => clientOf(ctx) },
          {
            perMinute: deps.config.rateLimits.login,
            keyOf: ({ ctx, body }) => `${clientOf(ctx)}:${usernameStream(body.username.trim())}`,
          },
          {
            name: 'per account',
            perMinute: deps.config.rateLimits.loginsPerAccount,
            keyOf: ({ body }) => usernameStream(body.username.trim()),
          },
        ],
      },
    ),

    on(authApi.logout, async ({ ctx, user }) => {
      const { sessionId, id: userId } = user;
      // the token stops working before we say the session has ended
      await sessions(deps, { type: 'EndSession', sessionId, userId }, commandContext(ctx));
    }),
  ];
}

/** The write side signs in from the log itself, not from a read model. */
export async function loadCredentials(deps: CommandDeps, username: string) {
  const userId = await reservedUserId(deps.eventStore, username);
  if (!userId) return null;
  const { state } = await loadState(
    deps.eventStore,
    userStream(userId),
    userDecider.evolve,
    userDecider.initialState(),
  );
  if (!state.registered || !state.passwordHash || !state.username) return null;
  return { userId, username: state.username, passwordHash: state.passwordHash, isAdmin: state.isAdmin };
}
