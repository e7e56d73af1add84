import { randomUUID } from 'node:crypto';
import { newPasswordSchema, usernameSchema } from '@vip/contracts';
import { DomainError, passwords, validate, type EventStore } from '@vip/platform';
import { commandHandlerFor, type CommandContext } from '../core/command-handler.ts';
import { userDecider, userStream, usernameDecider, usernameStream } from './user.decider.ts';

export const users = commandHandlerFor(userDecider, (command) => userStream(command.userId));
const usernames = commandHandlerFor(usernameDecider, (command) => usernameStream(command.username));

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

/** The id a username is reserved for, read from its reservation stream. */
export async function reservedUserId(store: EventStore, username: string): Promise<string | null> {
  const [reservation] = await store.readStream(usernameStream(username.trim()));
  return reservation ? (reservation.data as { userId: string }).userId : null;
}
