import { randomUUID } from 'node:crypto';
import {
  authReadModels,
  type LoginResponse,
  newPasswordSchema,
  projections,
  type SessionDocument,
  systemActor,
  usernameSchema,
} from '@vip/contracts';
import { type AppConfig, DomainError, type EventStore, type Logger, passwords, validate } from '@vip/platform';
import type { Context } from 'koa';
import { type CommandContext, commandHandlerFor } from '../core/command-handler.ts';
import { actorOf, commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { sessionDecider } from './session.decider.ts';
import { sessionStream } from './session.state.ts';
import { userDecider } from './user.decider.ts';
import { evolveUser, initialUserState, type UserState, userStream } from './user.state.ts';
import { usernameDecider } from './username.decider.ts';
import { usernameStream } from './username.state.ts';

export const users = commandHandlerFor(userDecider, (command) => userStream(command.userId));
const usernames = commandHandlerFor(usernameDecider, (command) => usernameStream(command.username));

/**
 * Sessions fail closed (a token without its session record is refused): a token is handed
 * out only once every service can find its session, and a session is said to be over only
 * once its token stops working everywhere. An answer that cannot be made true in time is
 * refused (503) rather than given.
 */
export const sessions = commandHandlerFor(sessionDecider, (command) => sessionStream(command.sessionId), {
  readYourWrites: { projection: projections.sessions, ifLate: 'refuse' },
});

export interface RegisterUserInput {
  username: string;
  password: string;
  isAdmin: boolean;
  /**
   * The id to register under, when it was reserved elsewhere first (a Discord sign-up's
   * account reservation): the username is reserved for it, never another's orphan taken over.
   */
  userId?: string;
}

/**
 * Reserves the username first (a stream appended with no_stream is the only uniqueness
 * guarantee an event store gives), then registers the user under the reserved id. If a
 * crash once left a reservation without its user, registering again completes it.
 */
export async function registerUser(
  store: EventStore,
  input: RegisterUserInput,
  context: CommandContext,
): Promise<{ userId: string }> {
  const username = validate(usernameSchema, input.username);
  const password = validate(newPasswordSchema, input.password);
  const passwordHash = await passwords.hash(password);

  let userId: string = input.userId ?? randomUUID();
  try {
    await usernames({ eventStore: store }, { type: 'ReserveUsername', username, userId }, context);
  } catch (error) {
    const orphan = error instanceof DomainError && !input.userId ? await orphanedReservation(store, username) : null;
    if (!orphan) throw error;
    userId = orphan;
  }
  await users(
    { eventStore: store },
    { type: 'RegisterUser', userId, username, passwordHash, isAdmin: input.isAdmin },
    context,
  );
  return { userId };
}

async function orphanedReservation(store: EventStore, username: string): Promise<string | null> {
  const userId = await reservedUserId(store, username);
  if (!userId) return null;
  return (await store.readStream(userStream(userId))).length === 0 ? userId : null;
}

/** A panel user as their stream has them (never a read model): name, role, the hash of their password. */
export async function userOf(store: EventStore, userId: string): Promise<UserState> {
  return (await loadState(store, userStream(userId), evolveUser, initialUserState())).state;
}

/** The id a username is reserved for, read from its reservation stream. */
export async function reservedUserId(store: EventStore, username: string): Promise<string | null> {
  const [reservation] = await store.readStream(usernameStream(username.trim()));
  return reservation ? (reservation.data as { userId: string }).userId : null;
}

/**
 * On a first start the product has no one who could sign in: create the admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or generate a password and print it once to the
 * terminal (never to the structured log). Later starts leave the account alone.
 */
export async function bootstrapAdmin(
  store: EventStore,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'>,
  logger: Logger,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  if (await reservedUserId(store, config.adminUsername)) return;
  const password = config.adminPassword ?? passwords.generate();
  const correlationId = randomUUID();
  await registerUser(
    store,
    { username: config.adminUsername, password, isAdmin: true },
    { now: new Date(), metadata: { correlationId, causationId: correlationId, actor: systemActor } },
  );
  logger.info({ username: config.adminUsername }, 'created the first admin');
  if (!config.adminPassword) {
    print('');
    print(`  First start: created admin "${config.adminUsername}" with password: ${password}`);
    print('  It is shown only this once. Sign in and keep it somewhere safe.');
    print('');
  }
}

/**
 * bootstrapAdmin, tried again until the log accepts it (issue #19 item 17): a command-service
 * of docker-compose may start while EventStoreDB still refuses writes, and a bootstrap tried
 * once was skipped for good, leaving a fresh deployment nobody could sign in to. Waits 1 s,
 * then twice as long each time, at most 30 s; stops when `signal` aborts (shutdown). A
 * refusal no retry can mend (an ADMIN_PASSWORD the rules refuse) ends it with that error;
 * another replica that created the admin first ends it too (the next try finds the admin).
 */
export async function bootstrapAdminWhenWritable(
  store: EventStore,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'>,
  logger: Logger,
  options: { signal?: AbortSignal; firstRetryMs?: number; print?: (line: string) => void } = {},
): Promise<void> {
  let waitMs = options.firstRetryMs ?? 1_000;
  for (let attempt = 1; !options.signal?.aborted; attempt++) {
    try {
      await bootstrapAdmin(store, config, logger, options.print);
      return;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'invalid') throw error;
      logger.warn({ err: error, attempt, retryInMs: waitMs }, 'the admin bootstrap waits for the event log');
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    waitMs = Math.min(waitMs * 2, 30_000);
  }
}

export interface SessionHolder {
  userId: string;
  username: string;
  isAdmin: boolean;
}

/**
 * A new session for someone whose identity was just proven (a password, or Discord): the
 * bearer token and the answer of spec §7's login, the same whichever way they signed in.
 */
export async function openSession(
  deps: CommandDeps,
  ctx: Context,
  holder: SessionHolder,
  via: 'password' | 'discord',
): Promise<LoginResponse> {
  const now = new Date();
  const sessionId = randomUUID();
  const { token, expiresAt } = await deps.sessionTokens.issue(holder.userId, sessionId, now);
  const context = commandContext(ctx, actorOf({ user: { id: holder.userId, isAdmin: holder.isAdmin } }));
  // the token is handed out once every service can find its session (else 503: sign in again)
  await sessions(
    deps,
    { type: 'StartSession', sessionId, userId: holder.userId, expiresAt, via },
    { ...context, now },
    { withoutReading: 'new' },
  );
  return { token, id: holder.userId, user: { username: holder.username, isAdmin: holder.isAdmin } };
}

/**
 * Ends every open session of a user but `kept` (the one that changed the password): their
 * tokens answer 401 once this returns, and the /ws gateway closes their sockets with 4401.
 * Sessions are found in the sessions read model, which holds every token handed out (sign-in
 * waits for it), so none is missed; only the ones still open are read (not ended, not
 * expired), so the work follows the sessions of the last token lifetime, never every session
 * the user ever started. Answers how many were ended.
 */
export async function endOtherSessions(
  deps: CommandDeps,
  userId: string,
  kept: string,
  context: CommandContext,
): Promise<number> {
  const open = await deps.readStore
    .collection<SessionDocument>(authReadModels.sessions)
    .find({ userId, endedAt: null, expiresAt: { $gt: context.now.toISOString() } });
  const others = open.filter((session) => session._id !== kept);
  await Promise.all(
    others.map((session) => sessions(deps, { type: 'EndSession', sessionId: session._id, userId }, context)),
  );
  return others.length;
}

/**
 * The write side signs in from the log itself, not from a read model: the name's reservation
 * and the account's stream, two short reads however long the log (docs/growth.md).
 */
export async function loadCredentials(deps: Pick<CommandDeps, 'eventStore'>, username: string) {
  const userId = await reservedUserId(deps.eventStore, username);
  if (!userId) return null;
  const state = await userOf(deps.eventStore, userId);
  if (!state.registered || state.deleted || !state.passwordHash || !state.username) return null;
  return { userId, username: state.username, passwordHash: state.passwordHash, isAdmin: state.isAdmin };
}
