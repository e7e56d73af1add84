import { randomUUID } from 'node:crypto';
import {
  type DiscordCallbackResponse,
  type DiscordLinkWay,
  discordAvatarUrl,
  discordTexts,
  errorCodes,
  type ManagementProof,
  managesServer,
  projections,
} from '@vip/contracts';
import { DomainError, digestOf, type EventStore, passwords, type SignedInUser } from '@vip/platform';
import type { Context } from 'koa';
import { openSession, registerUser, userOf } from '../auth/auth.commands.ts';
import { type CommandContext, type CommandStores, commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { unverifyClaimsProvenBy, verifyOwnClaims } from '../servers/servers.commands.ts';
import { discordLinkOf, panelUserOf } from './discord.reads.ts';
import { type DiscordProfile, discordLinkDecider, type ServerSeen } from './discord-link.decider.ts';
import { discordLinkStream } from './discord-link.state.ts';
import type { DiscordAccountRead } from './discord-oauth.ts';
import { discordReservationDecider } from './discord-reservation.decider.ts';
import { discordAccountStream } from './discord-reservation.state.ts';
import { linkCodeDecider, usableLinkCode } from './link-code.decider.ts';
import { evolveLinkCode, initialLinkCodeState, linkCodeStream } from './link-code.state.ts';
import { managementCheckDecider } from './management-check.decider.ts';
import { managementCheckStream } from './management-check.state.ts';
import { signInDecider } from './sign-in.decider.ts';
import { signInStream } from './sign-in.state.ts';

const reservations = commandHandlerFor(discordReservationDecider, (command) =>
  discordAccountStream(command.discordUserId),
);
// the panel reads the account, its avatar and its servers back right after
const links = commandHandlerFor(discordLinkDecider, (command) => discordLinkStream(command.userId), {
  readYourWrites: { projection: projections.discordAccounts, ifLate: 'answer' },
});

export const linkCodes = commandHandlerFor(linkCodeDecider, (command) => linkCodeStream(command.codeDigest));
// the panel shows a requested check as pending at once
export const checks = commandHandlerFor(managementCheckDecider, (command) => managementCheckStream(command.checkId), {
  readYourWrites: { projection: projections.discordAccounts, ifLate: 'answer' },
});
export const signIns = commandHandlerFor(signInDecider, (command) => signInStream(command.state));

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

/**
 * The panel username a Discord account starts with: its handle in the characters panel names
 * allow, 3 to 32 long; then the same with a number when it is taken.
 */
export function usernameCandidates(handle: string, discordUserId: string): string[] {
  let base = handle.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 26);
  if (base.length < 3) base = `discord-${discordUserId.slice(-6)}`;
  return [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`), `${base}-${discordUserId.slice(-6)}`];
}

/**
 * DISCORD_SIGNUP=open: a Discord account that is nobody's yet becomes a panel user, under the
 * id its account was reserved for (reserveForSignUp). Its password is generated and answered
 * once, for the sign-in page to show (decisions.md §4: a generated password is shown once):
 * with it the user may sign in without Discord, and prove the account when they reset it.
 * Parallel sign-ups of one account register the same id under the same first free username;
 * one registers it and answers the password, the others answer null.
 */
export async function signUpFromDiscord(
  store: EventStore,
  input: { userId: string; handle: string; discordUserId: string },
  context: CommandContext,
): Promise<{ password: string | null }> {
  const password = passwords.generate();
  for (const username of usernameCandidates(input.handle, input.discordUserId)) {
    try {
      await registerUser(store, { username, password, isAdmin: false, userId: input.userId }, context);
      return { password };
    } catch (error) {
      if (error instanceof DomainError && error.code === errorCodes.userExists) return { password: null };
      if (error instanceof DomainError && error.code === errorCodes.usernameTaken) continue;
      throw error;
    }
  }
  throw new DomainError('conflict', 'No free username for this Discord account', errorCodes.usernameTaken);
}

/** The state is completed once, whatever happens next: a second callback with it is refused. */
async function useSignInState(
  deps: CommandDeps,
  ctx: Context,
  userId: string,
  state: string,
  read: DiscordAccountRead,
) {
  const context = commandContext(ctx, { kind: 'user', id: userId });
  const { discordUserId } = read.account;
  await signIns(deps, { type: 'CompleteSignIn', state, userId, discordUserId }, context, { withoutReading: 'new' });
}

async function recordAccount(deps: CommandDeps, ctx: Context, userId: string, read: DiscordAccountRead) {
  const context = commandContext(ctx, { kind: 'user', id: userId });
  const { discordUserId } = read.account;
  await linkDiscordAccount(deps, { userId, account: read.account, via: 'oauth' }, context);
  const servers = read.guilds
    .filter(managesServer)
    .map((guild) => ({ guildId: guild.id, name: guild.name, icon: guild.icon }));
  await proveManagement(deps, { userId, discordUserId, servers, via: 'oauth', complete: true }, context);
}

/** "Connect Discord" for a user signed in with a password: the account is linked, the session stays. */
export async function connectDiscord(
  deps: CommandDeps,
  ctx: Context,
  user: SignedInUser,
  state: string,
  read: DiscordAccountRead,
): Promise<DiscordCallbackResponse> {
  const { discordUserId, username, avatar } = read.account;
  // refused before anything is written: the state stays usable for nobody, the log unchanged
  const holder = await panelUserOf(deps.eventStore, discordUserId);
  if (holder !== null && holder !== user.id)
    throw new DomainError('conflict', discordTexts.accountTaken, errorCodes.discordAccountTaken);
  const linked = await discordLinkOf(deps.eventStore, user.id);
  if (linked.discordUserId !== null && linked.discordUserId !== discordUserId)
    throw new DomainError('conflict', discordTexts.alreadyLinked, errorCodes.discordAlreadyLinked);
  await useSignInState(deps, ctx, user.id, state, read);
  await recordAccount(deps, ctx, user.id, read);
  return {
    intent: 'connect',
    account: { id: discordUserId, username, avatar: discordAvatarUrl(discordUserId, avatar) },
  };
}

/**
 * Sign in as the panel user the account is linked to; or, where sign-up is open, as a new
 * one. A sign-up reserves the account for a new user id first, then uses the state, then
 * registers the user (issue #19 item 7: registered first, parallel callbacks left panel
 * users without their account): parallel callbacks of one account agree on one user, and a
 * sign-up cut short (a crash) is completed by the next one.
 */
export async function signInWithDiscord(
  deps: CommandDeps,
  ctx: Context,
  state: string,
  read: DiscordAccountRead,
): Promise<DiscordCallbackResponse> {
  const { discordUserId } = read.account;
  let userId = await panelUserOf(deps.eventStore, discordUserId);
  if (userId === null && deps.config.discordSignUp === 'closed')
    throw new DomainError('forbidden', discordTexts.signUpClosed, errorCodes.discordSignUpClosed);
  const signUp = commandContext(ctx, { kind: 'system', id: 'discord-sign-up' });
  userId ??= await reserveForSignUp(deps, discordUserId, signUp);
  await useSignInState(deps, ctx, userId, state, read);
  let holder = await userOf(deps.eventStore, userId);
  let newPassword: string | undefined;
  if (!holder.registered) {
    const { password } = await signUpFromDiscord(
      deps.eventStore,
      { userId, handle: read.handle, discordUserId },
      signUp,
    );
    newPassword = password ?? undefined;
    holder = await userOf(deps.eventStore, userId);
  }
  await recordAccount(deps, ctx, userId, read);
  const session = await openSession(
    deps,
    ctx,
    { userId, username: holder.username ?? '', isAdmin: holder.isAdmin },
    'discord',
  );
  // a sign-up's password is answered this once; JSON leaves an undefined one out
  return { intent: 'sign-in', ...session, newPassword };
}

/**
 * The panel user a /link is for: whose code it is (unknown, used and expired codes refused in
 * their own words), or, without a code, whose account this is.
 */
export async function panelUserForLink(
  store: EventStore,
  code: string | undefined,
  discordUserId: string,
  now: Date,
): Promise<string> {
  if (code !== undefined) {
    const { state } = await loadState(store, linkCodeStream(digestOf(code)), evolveLinkCode, initialLinkCodeState());
    return usableLinkCode(state, now).userId;
  }
  const userId = await panelUserOf(store, discordUserId);
  if (userId === null) throw new DomainError('not_found', discordTexts.notLinked, errorCodes.discordNotLinked);
  return userId;
}
