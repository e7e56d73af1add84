import { isWrongExpectedRevision, type EventStore } from '@vip/platform';
import { handleCommand, toNewEvents, type CommandContext } from '../core/command-handler.ts';
import { loadState } from '../core/load-state.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  slotsOf,
  subscriptionStream,
} from '../subscriptions/subscription.state.ts';
import { serverOwnerDecider } from './server-owner.decider.ts';
import { evolveServerOwner, initialServerOwnerState, serverOwnerStream } from './server-owner.state.ts';
import {
  evolveUserServers,
  initialUserServersState,
  userServersDecider,
  userServersStream,
  type UserServersCommand,
  type UserServersEvent,
  type UserServersState,
} from './user-servers.decider.ts';

const MAX_ATTEMPTS = 5;

export interface SlotsChange {
  servers: string[];
  maxSlots: number;
  /** Position of the last event written, for read-your-writes. */
  position: number;
}

/**
 * A server spans three streams: the subscriber's slots, the server's owner reservation and
 * the plan. The slots are decided first (on a known revision), then the server is claimed,
 * then the decision is appended with that revision. A concurrent change to the slots makes
 * the append fail: the change is decided again, and if it is now refused the claim taken
 * for it is given back (compensation), so no server stays reserved for nothing.
 */
async function claimAndRecord(
  store: EventStore,
  userId: string,
  claimedGuildId: string,
  commandFor: (ownerId: string | null) => Promise<UserServersCommand>,
  context: CommandContext,
): Promise<{ state: UserServersState; position: number }> {
  const stream = userServersStream(userId);
  let claimed = false;
  const giveBackClaim = async () => {
    if (!claimed) return;
    const { state } = await loadState(store, stream, evolveUserServers, initialUserServersState());
    if (!state.servers.includes(claimedGuildId)) {
      await handleCommand(
        store,
        serverOwnerDecider,
        serverOwnerStream(claimedGuildId),
        { type: 'ReleaseServer', guildId: claimedGuildId, userId },
        context,
      );
    }
  };

  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, stream, evolveUserServers, initialUserServersState());
    const owner = await loadState(
      store,
      serverOwnerStream(claimedGuildId),
      evolveServerOwner,
      initialServerOwnerState(),
    );
    let events: UserServersEvent[];
    try {
      events = userServersDecider.decide(await commandFor(owner.state.ownerId), state, context.now);
    } catch (refusal) {
      await giveBackClaim();
      throw refusal;
    }
    if (!claimed) {
      // refused here when another subscriber claimed it since we looked: nothing to give back
      await handleCommand(
        store,
        serverOwnerDecider,
        serverOwnerStream(claimedGuildId),
        { type: 'ClaimServer', guildId: claimedGuildId, userId },
        context,
      );
      claimed = true;
    }
    try {
      const written = await store.append(stream, toNewEvents(events, context.metadata), revision ?? 'no_stream');
      return { state: events.reduce(evolveUserServers, state), position: written.position };
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) {
        await giveBackClaim();
        throw error;
      }
    }
  }
}

/** The slots of the subscriber's plan, or the default while they have none. */
export async function maxSlotsOf(store: EventStore, userId: string, defaultSlots: number): Promise<number> {
  const { state } = await loadState(store, subscriptionStream(userId), evolveSubscription, initialSubscriptionState());
  return slotsOf(state, defaultSlots);
}

export async function addSubscriberServer(
  store: EventStore,
  input: { userId: string; guildId: string; defaultSlots: number },
  context: CommandContext,
): Promise<SlotsChange> {
  const { userId, guildId } = input;
  let maxSlots = input.defaultSlots;
  const { state, position } = await claimAndRecord(
    store,
    userId,
    guildId,
    async (ownerId) => {
      maxSlots = await maxSlotsOf(store, userId, input.defaultSlots);
      return { type: 'AddServer', userId, guildId, maxSlots, ownerId };
    },
    context,
  );
  return { servers: state.servers, maxSlots, position };
}

/** Puts newGuildId in oldGuildId's slot, then gives oldGuildId's reservation back. */
export async function changeSubscriberServer(
  store: EventStore,
  input: { userId: string; oldGuildId: string; newGuildId: string; defaultSlots: number },
  context: CommandContext,
): Promise<SlotsChange> {
  const { userId, oldGuildId, newGuildId } = input;
  const changed = await claimAndRecord(
    store,
    userId,
    newGuildId,
    async (newOwnerId) => ({ type: 'ChangeServer', userId, oldGuildId, newGuildId, newOwnerId }),
    context,
  );
  const released = await handleCommand(
    store,
    serverOwnerDecider,
    serverOwnerStream(oldGuildId),
    { type: 'ReleaseServer', guildId: oldGuildId, userId },
    context,
  );
  const maxSlots = await maxSlotsOf(store, userId, input.defaultSlots);
  return { servers: changed.state.servers, maxSlots, position: released.position ?? changed.position };
}
