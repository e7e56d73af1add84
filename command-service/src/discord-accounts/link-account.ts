import { randomUUID } from 'node:crypto';
import { errorCodes, projections, type DiscordLinkWay, type ManagementProof } from '@vip/contracts';
import { DomainError, type EventStore } from '@vip/platform';
import { commandHandlerFor, type CommandContext, type CommandStores } from '../core/command-handler.ts';
import { loadState } from '../core/load-state.ts';
import { unverifyClaimsProvenBy, verifyOwnClaims } from '../servers/servers.commands.ts';
import { discordLinkDecider, type DiscordProfile, type ServerSeen } from './discord-account.decider.ts';
import { discordLinkStream } from './discord-account.state.ts';
import {
  discordAccountStream,
  discordReservationDecider,
  evolveDiscordReservation,
} from './discord-reservation.decider.ts';

const reservations = commandHandlerFor(discordReservationDecider, (command) =>
  discordAccountStream(command.discordUserId),
);
// the panel reads the account, its avatar and its servers back right after
const links = commandHandlerFor(discordLinkDecider, (command) => discordLinkStream(command.userId), {
  readYourWrites: { projection: projections.discordAccounts, ifLate: 'answer' },
});

/** The panel user a Discord account is linked to, from its reservation stream. */
export async function panelUserOf(store: EventStore, discordUserId: string): Promise<string | null> {
  return (await loadState(store, discordAccountStream(discordUserId), evolveDiscordReservation, { userId: null })).state
    .userId;
}

/**
 * A Discord sign-up's first step (issue #19 item 7): the account is reserved for a fresh
 * panel user id before anything else is written, so parallel sign-ups of one account agree
 * on one user. Answers that id, or the id a parallel sign-up reserved first.
 */
export async function reserveForSignUp(
  stores: CommandStores,
  discordUserId: string,
  context: CommandContext,
): Promise<string> {
  const userId = randomUUID();
  try {
    await reservations(stores, { type: 'ReserveDiscordAccount', discordUserId, userId }, context);
    return userId;
  } catch (error) {
    if (!(error instanceof DomainError && error.code === errorCodes.discordAccountTaken)) throw error;
    const holder = await panelUserOf(stores.eventStore, discordUserId);
    if (holder === null) throw error; // freed again in the same instant (an admin's unlink): start over
    return holder;
  }
}

/**
 * Links a Discord account to a panel user: the account's reservation first (its uniqueness
 * across users), then the user's own stream. When the user's stream refuses (linked to
 * another account already), a reservation taken just now is given back. Linking the same
 * pair again refreshes the name and avatar only.
 */
export async function linkDiscordAccount(
  stores: CommandStores,
  input: { userId: string; account: DiscordProfile; via: DiscordLinkWay },
  context: CommandContext,
): Promise<{ linked: boolean }> {
  const { userId, account } = input;
  const { discordUserId } = account;
  const reserved = await reservations(stores, { type: 'ReserveDiscordAccount', discordUserId, userId }, context);
  try {
    const { events } = await links(stores, { type: 'LinkAccount', userId, account, via: input.via }, context);
    return { linked: events.some((event) => event.type === 'DiscordAccountLinked') };
  } catch (refusal) {
    if (reserved.events.length > 0)
      await reservations(stores, { type: 'FreeDiscordAccount', discordUserId, userId }, context);
    throw refusal;
  }
}

/**
 * Records that the linked account manages these servers (decisions.md §9: proof is an
 * event), then verifies the user's own unverified claims among them.
 */
export async function proveManagement(
  stores: CommandStores,
  input: { userId: string; discordUserId: string; servers: ServerSeen[]; via: ManagementProof; complete: boolean },
  context: CommandContext,
): Promise<{ claimsVerified: string[] }> {
  const { userId, discordUserId } = input;
  const { events } = await links(stores, { type: 'ProveManagement', ...input }, context);
  // servers the account no longer manages: their claims lose this proof
  const lapsed = events.flatMap((event) => (event.type === 'ServerManagementLapsed' ? [event.data.guildId] : []));
  if (lapsed.length > 0)
    await unverifyClaimsProvenBy(
      stores,
      { userId, discordUserId, reason: 'management-lapsed', guildIds: lapsed },
      context,
    );
  const guildIds = input.servers.map((server) => server.guildId);
  return { claimsVerified: await verifyOwnClaims(stores, { userId, discordUserId, guildIds }, context) };
}

/**
 * An admin unlinks the account: the user's stream says so, the claims it proved are
 * unverified (its proofs no longer count), then the account is free for another user.
 */
export async function unlinkDiscordAccount(
  stores: CommandStores,
  input: { userId: string; reason: string },
  context: CommandContext,
): Promise<void> {
  const { events } = await links(stores, { type: 'UnlinkAccount', ...input }, context);
  for (const event of events) {
    if (event.type === 'DiscordAccountUnlinked') {
      const { discordUserId, userId } = event.data;
      await unverifyClaimsProvenBy(stores, { userId, discordUserId, reason: 'account-unlinked' }, context);
      await reservations(stores, { type: 'FreeDiscordAccount', discordUserId, userId }, context);
    }
  }
}
