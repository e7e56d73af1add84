import { z } from 'zod';

/**
 * Personal data in the log (crypto-shredding). Each person the product knows (a Discord member,
 * by their Discord user id; a panel user, by the id the product gave their account) has a key
 * and a random pseudonym in a key store apart from the log.
 * The fields below are written encrypted with that key, and a stream named after a person
 * carries the pseudonym instead of the id; destroying the key makes every copy of the log
 * unreadable about them, while the log itself (and the seals over its bytes) stays as it was.
 * Deciders, projectors and bots never see the encryption: the event store's codec does it on
 * the way in and out (platform/src/privacy).
 */
export const personKinds = ['discord', 'user'] as const;
export type PersonKind = (typeof personKinds)[number];

/**
 * What else the key store keeps an entry for: a panel user's username (lowercase), so that the
 * stream reserving it is found from the name alone (sign-in, uniqueness) but named by a random
 * pseudonym. Forgetting the entry at the account's deletion unties the name from every byte of
 * the log and frees it for a new account.
 */
export type KeyEntryKind = PersonKind | 'username';
const keyEntryKinds: readonly KeyEntryKind[] = [...personKinds, 'username'];

/** An entry as the key store knows it: `discord:<user id>`, `user:<panel user id>`, `username:<lowercase name>`. */
export const personOf = (kind: KeyEntryKind, id: string): string => `${kind}:${id}`;

/**
 * A personal field of an event: whose key encrypts it. Without `of`, the field's own value is
 * the person's id (a Discord user id); with `of`, the field is about the person named there
 * (a username, about the account in discordUserId).
 */
export interface PersonalField {
  field: string;
  kind: PersonKind;
  of?: string;
}

const member = (field: string): PersonalField => ({ field, kind: 'discord' });
const aboutMember = (field: string, of = 'discordUserId'): PersonalField => ({ field, kind: 'discord', of });
const discordProfile = [member('discordUserId'), aboutMember('username'), aboutMember('avatar')];
/** A panel user's own words about themselves, under the key of the account in `userId`. */
const aboutUser = (field: string): PersonalField => ({ field, kind: 'user', of: 'userId' });

/** Every event type holding personal data, with those fields. Any other field is not personal. */
export const personalFields: Readonly<Record<string, readonly PersonalField[]>> = {
  // a panel user: their username and avatar (their id is the product's own random one: not encrypted)
  UserRegistered: [aboutUser('username'), aboutUser('avatar')],
  UsernameReserved: [aboutUser('username')],
  KeyRedeemed: [member('discordUserId')],
  VipRoleGranted: [member('discordUserId')],
  VipRoleRemoved: [member('discordUserId')],
  VipRoleFailed: [member('discordUserId')],
  VipWindowEnded: [member('discordUserId')],
  WhitelistEntryAdded: [member('userId')],
  WhitelistEntryRemoved: [member('userId')],
  WhitelistRoleRemoved: [member('userId')],
  ServerClaimed: [member('discordUserId')],
  ServerTakenOver: [member('discordUserId')],
  ServerClaimVerified: [member('discordUserId')],
  ServerClaimUnverified: [member('discordUserId')],
  SubscriptionStarted: [member('discordUserId')],
  DiscordAccountReserved: [member('discordUserId')],
  DiscordAccountFreed: [member('discordUserId')],
  DiscordAccountLinked: discordProfile,
  DiscordProfileRefreshed: discordProfile,
  DiscordAccountUnlinked: [member('discordUserId')],
  ServerManagementProven: [member('discordUserId')],
  ServerManagementLapsed: [member('discordUserId')],
  LinkCodeUsed: [member('discordUserId')],
  DiscordSignInCompleted: [member('discordUserId')],
  ManagementCheckRequested: [member('discordUserId')],
  ManagementCheckAnswered: [member('discordUserId')],
  // the server admins who ran a bot command
  VipRoleChosen: [member('chosenBy')],
  LogChannelSet: [member('setBy')],
  AutoPingStarted: [member('startedBy')],
  AutoPingStopped: [member('stoppedBy')],
  VideoPostScheduled: [member('scheduledBy')],
  VideoPostCancelled: [member('cancelledBy')],
  ServerSponsorSet: [member('setBy')],
  ServerSponsorCleared: [member('clearedBy')],
};

/** What a reader gets in place of a personal field whose person was erased. */
export const erasedPerson = 'erased person';

/**
 * A stream named after a person: the store writes it under the person's pseudonym
 * (`vip-<guild>-<pseudonym>`), never under the id. The placeholder `{discord:<id>}` is how
 * writers name it; only the event store's codec resolves it.
 */
const personInStream = (kind: KeyEntryKind, id: string) => `{${personOf(kind, id)}}`;
export const personalStreams = {
  /** A member's VIP window on a server. */
  vipRole: (guildId: string, discordUserId: string) => `vip-${guildId}-${personInStream('discord', discordUserId)}`,
  /** A member's whitelist entry on a server. */
  whitelist: (guildId: string, discordUserId: string) =>
    `whitelist-${guildId}-${personInStream('discord', discordUserId)}`,
  /** The reservation that keeps a Discord account with one panel user. */
  discordAccount: (discordUserId: string) => `discord-account-${personInStream('discord', discordUserId)}`,
  /**
   * The reservation that keeps a panel user's username unique, case-insensitively: found from
   * the name (no scan), stored under the name's pseudonym, so the log holds no byte of the name.
   */
  username: (username: string) => `username-${personInStream('username', username.toLowerCase())}`,
};

const placeholderInStreamId = new RegExp(`^(.*)\\{(${keyEntryKinds.join('|')}):([^{}]+)\\}(.*)$`);

/** The entry a stream id names through its placeholder, with what comes before and after it. */
export function personInStreamId(
  streamId: string,
): { before: string; kind: KeyEntryKind; id: string; after: string } | null {
  const match = placeholderInStreamId.exec(streamId);
  if (!match) return null;
  return { before: match[1], kind: match[2] as KeyEntryKind, id: match[3], after: match[4] };
}

/**
 * Stream `privacy-erasures`: a person was erased on request. It names nobody (their key is
 * destroyed; the log keeps only ciphertext about them): it is the operator's proof, in the
 * sealed log, that the request was carried out and when.
 */
export const erasureStreamId = 'privacy-erasures';
export const personErasedSchema = z.object({
  /** Who the person was to the product: a Discord member (a panel user's deletion is its `UserDeleted`). */
  kind: z.enum(personKinds),
  /** How many VIP windows and whitelist entries the erasure ended first. */
  vipWindowsEnded: z.number().int().nonnegative(),
  whitelistEntriesEnded: z.number().int().nonnegative(),
  erasedAt: z.string(),
});

/**
 * Stream `vip-<guildId>-<pseudonym>`: a member's VIP window ended before its time, because the
 * member asked to be erased. The key bot takes the role back as it does when a window runs out.
 */
export const vipWindowEndedSchema = z.object({
  guildId: z.string(),
  discordUserId: z.string(),
  reason: z.enum(['erasure']),
  endedAt: z.string(),
});
