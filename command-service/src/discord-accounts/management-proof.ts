import type { EventStore } from '@vip/platform';
import { loadState } from '../core/load-state.ts';
import type { ManagementProofInput } from '../servers/user-servers.decider.ts';
import { discordLinkStream, evolveDiscordLink, initialDiscordLinkState, proofFor } from './discord-account.state.ts';

/** The panel user's Discord account and what it manages, read from its stream (never a read model). */
export const discordLinkOf = async (store: EventStore, userId: string) =>
  (await loadState(store, discordLinkStream(userId), evolveDiscordLink, initialDiscordLinkState())).state;

/** Proof that the user manages the server, as an add-server or update-server decision takes it. */
export async function managementProofOf(
  store: EventStore,
  userId: string,
  guildId: string,
): Promise<ManagementProofInput> {
  return proofFor(await discordLinkOf(store, userId), guildId);
}
