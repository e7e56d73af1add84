import { projections } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { commandHandlerFor, type CommandContext, type CommandStores } from '../core/command-handler.ts';
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
} from './user-servers.decider.ts';

// the panel refetches GET /api/user/servers right after these answers
const slots = commandHandlerFor(userServersDecider, (command) => userServersStream(command.userId), {
  readYourWrites: projections.userServers,
});
// a released server leaves the owner's lists (greetings) that the panel reloads
const owners = commandHandlerFor(serverOwnerDecider, (command) => serverOwnerStream(command.guildId), {
  readYourWrites: projections.serverOwners,
});

export interface SlotsChange {
  servers: string[];
  maxSlots: number;
}

const ownerOf = async (store: EventStore, guildId: string) =>
  (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState())).state.ownerId;

/** The slots of the subscriber's plan, or the default while they have none. */
export async function maxSlotsOf(store: EventStore, userId: string, defaultSlots: number): Promise<number> {
  const { state } = await loadState(store, subscriptionStream(userId), evolveSubscription, initialSubscriptionState());
  return slotsOf(state, defaultSlots);
}

/**
 * A server spans three streams: the subscriber's slots, the server's owner reservation and
 * the plan. The slots are decided on a known revision, the server is claimed before they
 * are appended, then they are appended at that revision. A concurrent change to the slots
 * makes the append fail: the pipeline decides again with the inputs read afresh, and if the
 * change is now refused the claim taken for it is given back (compensation), so no server
 * stays reserved for nothing.
 */
async function claimAndRecord(
  stores: CommandStores,
  claimed: { userId: string; guildId: string },
  command: UserServersCommand,
  refresh: (command: UserServersCommand) => Promise<UserServersCommand>,
  context: CommandContext,
): Promise<string[]> {
  const { userId, guildId } = claimed;
  let claimTaken = false;
  const claim = async () => {
    if (claimTaken) return;
    // refused here when another subscriber claimed it since we looked: nothing to give back
    await owners({ eventStore: stores.eventStore }, { type: 'ClaimServer', guildId, userId }, context);
    claimTaken = true;
  };
  try {
    const { events, state } = await slots(stores, command, context, { refresh, beforeAppend: claim });
    return events.reduce(evolveUserServers, state).servers;
  } catch (refusal) {
    if (claimTaken) {
      const { state } = await loadState(
        stores.eventStore,
        userServersStream(userId),
        evolveUserServers,
        initialUserServersState(),
      );
      // the same server added twice at once: the other request put it in the slots, the claim stays
      if (!state.servers.includes(guildId))
        await owners({ eventStore: stores.eventStore }, { type: 'ReleaseServer', guildId, userId }, context);
    }
    throw refusal;
  }
}

export async function addSubscriberServer(
  stores: CommandStores,
  input: { userId: string; guildId: string; defaultSlots: number },
  context: CommandContext,
): Promise<SlotsChange> {
  const { eventStore } = stores;
  const { userId, guildId, defaultSlots } = input;
  const inputs = async (): Promise<UserServersCommand & { type: 'AddServer' }> => ({
    type: 'AddServer',
    userId,
    guildId,
    maxSlots: await maxSlotsOf(eventStore, userId, defaultSlots),
    ownerId: await ownerOf(eventStore, guildId),
  });
  let command = await inputs();
  const servers = await claimAndRecord(
    stores,
    { userId, guildId },
    command,
    async () => (command = await inputs()),
    context,
  );
  return { servers, maxSlots: command.maxSlots };
}

/** Puts newGuildId in oldGuildId's slot, then gives oldGuildId's reservation back. */
export async function changeSubscriberServer(
  stores: CommandStores,
  input: { userId: string; oldGuildId: string; newGuildId: string; defaultSlots: number },
  context: CommandContext,
): Promise<SlotsChange> {
  const { eventStore } = stores;
  const { userId, oldGuildId, newGuildId } = input;
  const inputs = async (): Promise<UserServersCommand> => ({
    type: 'ChangeServer',
    userId,
    oldGuildId,
    newGuildId,
    newOwnerId: await ownerOf(eventStore, newGuildId),
  });
  const servers = await claimAndRecord(stores, { userId, guildId: newGuildId }, await inputs(), inputs, context);
  await owners(stores, { type: 'ReleaseServer', guildId: oldGuildId, userId }, context);
  return { servers, maxSlots: await maxSlotsOf(eventStore, userId, input.defaultSlots) };
}
