import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { errorTexts, loginRequestSchema, type LoginResponse } from '@vip/contracts';
import {
  DomainError,
  clientKey,
  decoyPasswordHash,
  passwords,
  rateLimit,
  requireUser,
  validate,
  waitForProjection,
} from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { reservedUserId } from '../users/register-user.ts';
import { userDecider, userStream } from '../users/user.decider.ts';
import { sessionDecider, sessionStream } from './session.decider.ts';
import { parseRecordedEvent } from '@vip/contracts';

export function sessionRoutes(deps: CommandDeps): Router {
  const router = new Router();

  // per client and username: slows password guessing without locking anyone out for long
  const loginLimit = rateLimit({
    perMinute: deps.config.rateLimits.login,
    keyOf: (ctx) =>
      `${clientKey(ctx, deps.keyring)}:${String((ctx.request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
  });

  router.post('/api/auth/login', loginLimit, async (ctx) => {
    const { username, password } = validate(loginRequestSchema, ctx.request.body);
    const user = await loadCredentials(deps, username);
    // an unknown user costs the same argon2 work as a wrong password
    const valid = await passwords.verify(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !valid) throw new DomainError('unauthorized', errorTexts.invalidCredentials, 'invalid_credentials');

    const now = new Date();
    const sessionId = randomUUID();
    const { token, expiresAt } = await deps.sessionTokens.issue(user.userId, sessionId, now);
    const context = commandContext(ctx, { kind: user.isAdmin ? 'admin' : 'user', id: user.userId });
    await handleCommand(
      deps.eventStore,
      sessionDecider,
      sessionStream(sessionId),
      { type: 'StartSession', sessionId, userId: user.userId, expiresAt },
      { ...context, now },
    );

    const body: LoginResponse = { token, id: user.userId, user: { username: user.username, isAdmin: user.isAdmin } };
    ctx.body = body;
  });

  router.post('/api/auth/logout', async (ctx) => {
    const user = requireUser(ctx);
    const { position } = await handleCommand(
      deps.eventStore,
      sessionDecider,
      sessionStream(user.sessionId),
      { type: 'EndSession', sessionId: user.sessionId, userId: user.id },
      commandContext(ctx),
    );
    // the token must stop working before we say the session has ended
    if (position !== null) await waitForProjection(deps.readStore, 'sessions', position);
    ctx.status = 204;
  });

  return router;
}

/** The write side signs in from the log itself, not from a read model. */
async function loadCredentials(deps: CommandDeps, username: string) {
  const userId = await reservedUserId(deps.eventStore, username);
  if (!userId) return null;
  const state = (await deps.eventStore.readStream(userStream(userId))).reduce(
    (current, event) => userDecider.evolve(current, parseRecordedEvent(event) as never),
    userDecider.initialState(),
  );
  if (!state.registered || !state.passwordHash || !state.username) return null;
  return { userId, username: state.username, passwordHash: state.passwordHash, isAdmin: state.isAdmin };
}
