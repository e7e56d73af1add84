import { planSlots, projections } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { commandHandlerFor, type CommandContext, type CommandStores } from '../core/command-handler.ts';
import { loadState } from '../core/load-state.ts';
import { managementProofOf } from '../discord-accounts/management-proof.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
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
export const slots = commandHandlerFor(userServersDecider, (command) => userServersStream(command.userId), {
  readYourWrites: { projection: projections.userServers, ifLate: 'answer' },
});
// a released server leaves the owner's lists (greetings) that the panel reloads
export const owners = commandHandlerFor(serverOwnerDecider, (command) => serverOwnerStream(command.guildId), {
  readYourWrites: { projection: projections.serverOwners, ifLate: 'answer' },
});

export interface SlotsChange {
  servers: string[];
  maxSlots: number;
}

/** Who holds the server and whether that claim is verified, from its reservation stream. */
export const ownerOf = async (store: EventStore, guildId: string) =>
  (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState())).state;

/** The servers in a subscriber's slots, from their stream. */
export const slotsHeldBy = async (store: EventStore, userId: string) =>
  (await loadState(store, userServersStream(userId), evolveUserServers, initialUserServersState())).state.servers;

/** The slots of the subscriber's plan, or the default while they have none. */
export async function maxSlotsOf(store: EventStore, userId: string, defaultSlots: number): Promise<number> {
  const { state } = await loadState(store, subscriptionStream(userId), evolveSubscription, initialSubscriptionState());
  return planSlots(state, defaultSlots);
}

type ClaimingCommand = Extract<UserServersCommand, { type: 'AddServer' | 'ChangeServer' }>;
type AddServer = Extract<UserServersCommand, { type: 'AddServer' }>;

/**
 * A server spans four streams: the subscriber's slots, the server's owner reservation, the
 * plan and the proof of management. The slots are decided on a known revision (a decision
 * without proof is refused before anything is written), the server is claimed before they
 * are appended (taking it over from an unverified claimer), then they are appended at that
 * revision. A concurrent change to the slots makes the append fail: the pipeline decides
 * again with the inputs read afresh, and if the change is now refused the claim taken for
 * it is given back (compensation), so no server stays reserved for nothing. A server taken
 * over leaves the former claimer's slots last.
 */
async function claimAndRecord(
  stores: CommandStores,
  guildId: string,
  command: ClaimingCommand,
  refresh: (command: UserServersCommand) => Promise<UserServersCommand>,
  context: CommandContext,
): Promise<string[]> {
  const { userId } = command;
  let claimTaken = false;
  let takenFrom: string | null = null;
  const claim = async () => {
    if (claimTaken) return;
    // the decision passed, so the proof is there; refused here when a manager claimed it since we looked
    const discordUserId = command.proof!.discordUserId;
    const { events } = await owners(
      { eventStore: stores.eventStore },
      { type: 'ClaimServer', guildId, userId, discordUserId },
      context,
    );
    for (const event of events) if (event.type === 'ServerTakenOver') takenFrom = event.data.previousUserId;
    claimTaken = true;
  };
  let servers: string[];
  try {
    const { events, state } = await slots(stores, command, context, {
      refresh: async (stale) => (command = (await refresh(stale)) as ClaimingCommand),
      beforeAppend: claim,
    });
    servers = events.reduce(evolveUserServers, state).servers;
  } catch (refusal) {
    if (claimTaken) {
      // the same server added twice at once: the other request put it in the slots, the claim stays
      if (!(await slotsHeldBy(stores.eventStore, userId)).includes(guildId))
        await owners(
          { eventStore: stores.eventStore },
          { type: 'ReleaseServer', guildId, userId, reason: null },
          context,
        );
    }
    throw refusal;
  }
  if (takenFrom !== null)
    await slots(stores, { type: 'RemoveServer', userId: takenFrom, guildId, cause: 'taken-over' }, context);
  return servers;
}

export async function addSubscriberServer(
  stores: CommandStores,
  input: { userId: string; guildId: string; defaultSlots: number },
  context: CommandContext,
): Promise<SlotsChange> {
  const { eventStore } = stores;
  const { userId, guildId, defaultSlots } = input;
  const inputs = async (): Promise<AddServer> => ({
    type: 'AddServer',
    userId,
    guildId,
    maxSlots: await maxSlotsOf(eventStore, userId, defaultSlots),
    owner: await ownerOf(eventStore, guildId),
    proof: await managementProofOf(eventStore, userId, guildId),
  });
  let command = await inputs();
  const servers = await claimAndRecord(stores, guildId, command, async () => (command = await inputs()), context);
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
  const inputs = async (): Promise<ClaimingCommand> => ({
    type: 'ChangeServer',
    userId,
    oldGuildId,
    newGuildId,
    newOwner: await ownerOf(eventStore, newGuildId),
    proof: await managementProofOf(eventStore, userId, newGuildId),
  });
  const servers = await claimAndRecord(stores, newGuildId, await inputs(), inputs, context);
  await owners(stores, { type: 'ReleaseServer', guildId: oldGuildId, userId, reason: null }, context);
  return { servers, maxSlots: await maxSlotsOf(eventStore, userId, input.defaultSlots) };
}
