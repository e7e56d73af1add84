import { planSlots } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { type FoldStores, loadFold, loadState } from '../core/load-state.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.commands.ts';
import { type GuildState, guildFold, guildStream } from './guild.state.ts';
import { evolveServerOwner, initialServerOwnerState, serverOwnerStream } from './server-owner.state.ts';
import { evolveUserServers, initialUserServersState, userServersStream } from './user-servers.state.ts';

// The plain reads of a server's streams and a subscriber's slots, apart from the steps that
// write them: the features that only ask who holds a server or whether the bot is in it read here.

/** Who holds the server and whether that claim is verified, from its reservation stream (never a read model). */
export const ownerOf = async (store: EventStore, guildId: string) =>
  (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState())).state;

/** Who holds the server; null when nobody does. */
export const ownerOfServer = async (store: EventStore, guildId: string): Promise<string | null> =>
  (await ownerOf(store, guildId)).ownerId;

/** What the key bot last reported of a server (its channels, whether it is there), from the server's own stream. */
export async function guildOf(stores: FoldStores, guildId: string): Promise<GuildState> {
  return (await loadFold(stores, guildStream(guildId), guildFold)).state;
}

/** Is the key bot in this server, per the server's own stream (never a read model)? */
export async function isBotInServer(stores: FoldStores, guildId: string): Promise<boolean> {
  return (await guildOf(stores, guildId)).botPresent;
}

/** The servers in a subscriber's slots, from their stream. */
export const slotsHeldBy = async (store: EventStore, userId: string) =>
  (await loadState(store, userServersStream(userId), evolveUserServers, initialUserServersState())).state.servers;

/** The slots of the subscriber's plan, or the default while they have none. */
export async function maxSlotsOf(store: EventStore, userId: string, defaultSlots: number): Promise<number> {
  return planSlots(await subscriptionOf(store, userId), defaultSlots);
}

/** The servers among `servers` whose claim by `userId` is not verified (the panel asks to verify them). */
export async function unverifiedAmong(
  stores: FoldStores,
  userId: string,
  servers: readonly string[],
): Promise<string[]> {
  const standing = await Promise.all(servers.map((guildId) => ownerOf(stores.eventStore, guildId)));
  return servers.filter((_guildId, index) => {
    const owner = standing[index];
    return owner.ownerId !== userId || owner.provenBy === null;
  });
}
