import { discordTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { CommandContext, CommandStores } from '../core/command-handler.ts';
import { ownerOf, owners, slots, slotsHeldBy } from './server-slots.ts';

/**
 * After a proof of management: the prover's own unverified claims among `guildIds` become
 * verified (decisions.md §9: claims made before proof existed wait for this). Answers the
 * servers whose claim was verified now.
 */
export async function verifyOwnClaims(
  stores: CommandStores,
  input: { userId: string; discordUserId: string; guildIds: readonly string[] },
  context: CommandContext,
): Promise<string[]> {
  const { userId, discordUserId } = input;
  const held = new Set(await slotsHeldBy(stores.eventStore, userId));
  const verified: string[] = [];
  for (const guildId of input.guildIds) {
    if (!held.has(guildId)) continue;
    const { events } = await owners(stores, { type: 'VerifyClaim', guildId, userId, discordUserId }, context);
    if (events.length > 0) verified.push(guildId);
  }
  return verified;
}

/**
 * The account no longer proves the user's claims (decisions.md §9): each of the user's
 * servers (or those of `guildIds`) whose claim this account verified becomes unverified, so
 * the bot stops acting on its settings until someone proves it again. Answers those servers.
 */
export async function unverifyClaimsProvenBy(
  stores: CommandStores,
  input: {
    userId: string;
    discordUserId: string;
    reason: 'account-unlinked' | 'management-lapsed';
    guildIds?: readonly string[];
  },
  context: CommandContext,
): Promise<string[]> {
  const { userId, discordUserId, reason } = input;
  const held = await slotsHeldBy(stores.eventStore, userId);
  const unverified: string[] = [];
  for (const guildId of input.guildIds ?? held) {
    if (!held.includes(guildId)) continue;
    const command = { type: 'UnverifyClaim', guildId, userId, discordUserId, reason } as const;
    const { events } = await owners(stores, command, context);
    if (events.length > 0) unverified.push(guildId);
  }
  return unverified;
}

/**
 * An admin releases whoever holds the server, with a reason: the reservation first (the
 * server is free at once), then the holder's slot.
 */
export async function releaseServerClaim(
  stores: CommandStores,
  input: { guildId: string; reason: string },
  context: CommandContext,
): Promise<{ userId: string }> {
  const { guildId, reason } = input;
  const { ownerId } = await ownerOf(stores.eventStore, guildId);
  if (ownerId === null) throw new DomainError('not_found', discordTexts.notClaimed, errorCodes.serverNotClaimed);
  await owners(stores, { type: 'ReleaseServer', guildId, userId: ownerId, reason }, context);
  await slots(stores, { type: 'RemoveServer', userId: ownerId, guildId, cause: 'released' }, context);
  return { userId: ownerId };
}

/** The servers among `servers` whose claim by `userId` is not verified (the panel asks to verify them). */
export async function unverifiedAmong(
  stores: CommandStores,
  userId: string,
  servers: readonly string[],
): Promise<string[]> {
  const standing = await Promise.all(servers.map((guildId) => ownerOf(stores.eventStore, guildId)));
  return servers.filter((_guildId, index) => {
    const owner = standing[index];
    return owner.ownerId !== userId || owner.provenBy === null;
  });
}
