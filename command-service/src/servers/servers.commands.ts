import { discordTexts, errorCodes, type GuildSnapshot, projections } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import { type CommandContext, type CommandStores, commandHandlerFor } from '../core/command-handler.ts';
import { managementProofOf } from '../discord/discord.reads.ts';
import { guildDecider } from './guild.decider.ts';
import { guildStream } from './guild.state.ts';
import { guildMembersDecider } from './guild-members.decider.ts';
import { guildMembersStream } from './guild-members.state.ts';
import { serverOwnerDecider } from './server-owner.decider.ts';
import { serverOwnerStream } from './server-owner.state.ts';
import { maxSlotsOf, ownerOf, slotsHeldBy } from './servers.reads.ts';
import { type UserServersCommand, userServersDecider } from './user-servers.decider.ts';
import { evolveUserServers, userServersStream } from './user-servers.state.ts';

// key pages opened right after the bot joined should already find the server; a retry of a
// report changes nothing, but the bot does not read it back either: a late answer is counted
const readYourWrites = { projection: projections.guilds, ifLate: 'answer' } as const;
const guilds = commandHandlerFor(guildDecider, (command) => guildStream(command.guildId), { readYourWrites });
const memberCounts = commandHandlerFor(guildMembersDecider, (command) => guildMembersStream(command.guildId), {
  readYourWrites,
});
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

/**
 * What the key bot saw of a server, recorded only when it differs from what is known: the
 * facts on the server's stream, the member count on a stream of its own. The bot route and
 * `npm run demo` both come through here, so the demo server is exactly what a real report
 * would make.
 */
export async function reportGuild(
  stores: CommandStores,
  guildId: string,
  snapshot: GuildSnapshot,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const facts = await guilds(stores, { type: 'ReportGuild', guildId, snapshot }, context);
  // after the facts: the read model's server exists when its count arrives
  const count = await memberCounts(
    stores,
    { type: 'CountMembers', guildId, memberCount: snapshot.memberCount },
    context,
  );
  return { changed: facts.events.length > 0 || count.events.length > 0 };
}

export async function leaveGuild(
  stores: CommandStores,
  guildId: string,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const { events } = await guilds(stores, { type: 'LeaveGuild', guildId }, context);
  return { changed: events.length > 0 };
}

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
