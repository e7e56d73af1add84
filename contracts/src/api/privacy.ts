import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorCodes } from '../error-codes.ts';
import { privacyPaths } from '../routes/privacy.ts';
import { privacyTexts } from '../texts/privacy.ts';
import { answer, withSchemas } from './route-spec.ts';

const member = { discordUserId: z.string().regex(SNOWFLAKE, privacyTexts.badMemberId) };

export interface EraseMemberResponse {
  success: true;
  /** false: nothing was left to erase (a repeated request). */
  erased: boolean;
  message: string;
  vipWindowsEnded: number;
  whitelistEntriesEnded: number;
}

/** One fact the product holds about a person, as they can read it. */
export interface PersonalFact {
  /** When the log recorded it (ISO 8601, UTC). */
  time: string;
  type: string;
  /** The fact in a sentence. */
  sentence: string;
  /** The event's data as the product holds it: only fields about this person or the thing the fact is about. */
  data: Record<string, unknown>;
}

export interface PersonalDataExport {
  /** Who the copy is about, and when it was made. */
  person: { kind: 'discord-member'; discordUserId: string };
  exportedAt: string;
  /** What the read models hold about them now. */
  current: {
    vipWindows: { guildId: string; until: string }[];
    whitelistEntries: { guildId: string; duration: string; expiresAt: string | null }[];
  };
  /** Every fact of the log about them, oldest first. */
  facts: PersonalFact[];
}

/** DELETE /api/user/me: the password proves the owner; a Discord sign-in of the last 10 minutes stands in for it. */
export const deleteOwnAccountSchema = z.object({
  password: z.string().max(256, privacyTexts.wrongPassword).optional(),
});

export interface DeleteUserResponse {
  success: true;
  message: string;
  /** The Stripe subscription cancelled at once, or null when none was running. */
  stripeSubscriptionCancelled: string | null;
  serversReleased: number;
  sessionsEnded: number;
  /** The linked Discord account's member erasure, or null when none was linked. */
  member: EraseMemberResponse | null;
}

/** A panel user's copy of their data (GET /api/user/me/export). */
export interface UserDataExport {
  person: { kind: 'panel-user'; userId: string; username: string };
  exportedAt: string;
  /** What the read models hold about them now, in sentences with the values beside them. */
  current: {
    account: { username: string; isAdmin: boolean; registeredAt: string; avatar: string | null };
    subscription: Record<string, unknown> | null;
    servers: string[];
    openSessions: { startedAt: string | null; expiresAt: string | null }[];
    linkedDiscordAccount: { discordUserId: string; username: string | null; linkedAt: string | null } | null;
    sentences: string[];
  };
  /** Every fact of the log about the account, oldest first. */
  facts: PersonalFact[];
  /** The linked Discord account's own copy (as an admin's member export gives it), or null. */
  linkedDiscordMember: PersonalDataExport | null;
}

export const privacyApi = withSchemas(privacyPaths, {
  eraseMember: {
    summary:
      'Erase a Discord member on their request: ends their VIP windows and whitelist entries, waits for the key bot to take the roles back, destroys their key, removes them from the read models (idempotent)',
    params: member,
    response: answer<EraseMemberResponse>(200, 'EraseMemberResponse'),
  },
  exportMember: {
    summary: 'Every fact the product holds about a Discord member, with times and sentences (their copy)',
    params: member,
    response: answer<PersonalDataExport>(200, 'PersonalDataExport'),
  },
  deleteOwnAccount: {
    summary:
      'Delete the signed-in account: ends its sessions, releases its servers and Discord link, cancels a running Stripe subscription at once, then erases the linked Discord member; billing records stay under Stripe ids',
    body: deleteOwnAccountSchema,
    response: answer<DeleteUserResponse>(200, 'DeleteUserResponse'),
    rateLimited: true,
  },
  exportOwn: {
    summary: 'Every fact the product holds about the signed-in user, with times and sentences (their copy)',
    response: answer<UserDataExport>(200, 'UserDataExport'),
  },
  eraseUser: {
    summary: "Delete a panel user's account on their request, as DELETE /api/user/me does",
    params: { id: z.uuid({ error: privacyTexts.userNotFound }) },
    invalidParams: { notFound: errorCodes.userNotFound },
    response: answer<DeleteUserResponse>(200, 'DeleteUserResponse'),
  },
});

export { privacyTexts };
