import { serverReadModels, type ServerOwnerDocument } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** The server's claim, per the server owners read model; null when nobody holds it. */
export function serverClaimOf(readStore: ReadStore, guildId: string): Promise<ServerOwnerDocument | null> {
  return readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners).findOne({ _id: guildId });
}

/** Who holds the server (the owner routes' requireServerHolder reads it from here); null when nobody does. */
export async function holderOf(readStore: ReadStore, guildId: string): Promise<string | null> {
  return (await serverClaimOf(readStore, guildId))?.userId ?? null;
}
