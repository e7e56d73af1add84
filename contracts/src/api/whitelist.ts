import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorTexts } from '../error-texts.ts';
import { type WhitelistDuration, whitelistDurationSchema } from '../events/whitelist.ts';
import { whitelistPaths } from '../routes/whitelist.ts';
import { WHITELIST_SERVERS_AT_ONCE, whitelistTexts } from '../texts/whitelist.ts';
import { adminListQuerySchema } from './admin-lists.ts';
import { answer, withSchemas } from './route-spec.ts';

/** How long each fixed duration lasts; lifetime never ends, `days` lasts the days chosen. */
export const whitelistDurationDays: Record<Exclude<WhitelistDuration, 'days'>, number | null> = {
  weekly: 7,
  monthly: 30,
  yearly: 365,
  lifetime: null,
};
export const defaultWhitelistDuration: WhitelistDuration = 'monthly';
export { WHITELIST_SERVERS_AT_ONCE };

const missing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A Discord id (snowflake) as a string: blank or missing is "fill in all fields", anything
 * else that is not 17–20 digits (a JSON number loses digits, so numbers are refused too)
 * gets the Discord id text.
 */
const discordId = z
  .string({ error: (issue) => (missing(issue.input) ? errorTexts.fillAllFields : whitelistTexts.discordIds) })
  .trim()
  .min(1, errorTexts.fillAllFields)
  .regex(SNOWFLAKE, whitelistTexts.discordIds);

/**
 * Spec §3 "one id or a list": a JSON list of ids, or one text with ids separated by commas,
 * spaces or new lines (what an admin pastes into the form). Each server once.
 */
const serverIds = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter((id) => id !== '') : value),
    z
      .array(discordId, {
        error: (issue) => (missing(issue.input) ? errorTexts.fillAllFields : whitelistTexts.discordIds),
      })
      .min(1, errorTexts.fillAllFields)
      .max(WHITELIST_SERVERS_AT_ONCE, whitelistTexts.tooManyServers),
  )
  .transform((ids) => [...new Set(ids)]);

/** A whole number of days; a numeric text from a form field is accepted too. */
const days = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: whitelistTexts.daysRange })
    .int(whitelistTexts.daysRange)
    .min(1, whitelistTexts.daysRange)
    .max(3650, whitelistTexts.daysRange),
);

export const addWhitelistEntryRequestSchema = z
  .object({
    userId: discordId,
    guildId: serverIds,
    // "none" is how the form says it: no end
    duration: z
      .preprocess(
        (value) => (value === 'none' ? 'lifetime' : value),
        z.enum(whitelistDurationSchema.options, { error: whitelistTexts.invalidDuration }),
      )
      .default(defaultWhitelistDuration),
    /** With duration `days` only. */
    days: days.optional(),
  })
  .superRefine((entry, context) => {
    if (entry.duration === 'days' && entry.days === undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: whitelistTexts.daysRange });
  });
export type AddWhitelistEntryRequest = z.input<typeof addWhitelistEntryRequestSchema>;

export const removeWhitelistEntryRequestSchema = z.object({ userId: discordId, guildId: discordId });
export type RemoveWhitelistEntryRequest = z.input<typeof removeWhitelistEntryRequestSchema>;

/** The entry as the key bot reports it settled (POST /api/bot/whitelist/removed). */
export const whitelistRoleRemovedRequestSchema = z.object({ userId: discordId, guildId: discordId });

/** One entry as the whitelist manager lists it. */
export interface WhitelistEntryView {
  userId: string;
  guildId: string;
  duration: WhitelistDuration;
  /** null: lifetime. */
  expiresAt: string | null;
}

export interface WhitelistResponse {
  /** One page, newest first. */
  whitelists: WhitelistEntryView[];
  /** Pass as `after` for the next (older) page; null when this page is the last. */
  nextAfter: string | null;
}

export interface AddWhitelistEntryResponse {
  success: true;
  message: string;
  /** The first server's entry (the spec's one-id form). */
  entry: WhitelistEntryView & { addedAt: string };
  /** One per server, in the order given. */
  entries: (WhitelistEntryView & { addedAt: string })[];
}

export interface RemoveWhitelistEntryResponse {
  success: true;
  message: string;
}

export interface WhitelistRoleRemovedResponse {
  success: true;
  /** false when nothing was owed (a repeated report, or the entry stands again). */
  settled: boolean;
}

export const whitelistApi = withSchemas(whitelistPaths, {
  list: {
    summary:
      'Active whitelist entries, newest first, a page at a time; search: a Discord user or server id, or a server name',
    query: adminListQuerySchema,
    response: answer<WhitelistResponse>(200, 'WhitelistResponse: { whitelists, nextAfter }'),
  },
  add: {
    summary: 'Whitelist a Discord user on one server or several (again: renews the entry)',
    body: addWhitelistEntryRequestSchema,
    form: true,
    response: answer<AddWhitelistEntryResponse>(
      201,
      "{ success: true, message: 'Entry has been added to whitelist', entry }",
    ),
  },
  remove: {
    summary: 'Remove a whitelist entry',
    body: removeWhitelistEntryRequestSchema,
    form: true,
    response: answer<RemoveWhitelistEntryResponse>(
      200,
      "{ success: true, message: 'Entry has been removed from whitelist' }",
    ),
  },
  roleRemoved: {
    summary: 'The key bot settled an ended whitelist entry (took the VIP role back, or had nothing to take)',
    body: whitelistRoleRemovedRequestSchema,
    response: answer<WhitelistRoleRemovedResponse>(200, 'WhitelistRoleRemovedResponse'),
  },
});

export { whitelistTexts };
