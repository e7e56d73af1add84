import { z } from 'zod';
import { whitelistTexts } from '../texts/whitelist.ts';
import { errorTexts } from '../error-texts.ts';
import { whitelistDurationSchema, type WhitelistDuration } from '../events/whitelist.ts';
import { defineRoute } from './route-spec.ts';

/** How long each duration lasts; lifetime never expires. */
export const whitelistDurationDays: Record<WhitelistDuration, number | null> = {
  weekly: 7,
  monthly: 30,
  yearly: 365,
  lifetime: null,
};
export const defaultWhitelistDuration: WhitelistDuration = 'monthly';

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
  .regex(/^\d{17,20}$/, whitelistTexts.discordIds);

const ids = { userId: discordId, guildId: discordId };

export const addWhitelistEntryRequestSchema = z.object({
  ...ids,
  duration: z
    .enum(whitelistDurationSchema.options, { error: whitelistTexts.invalidDuration })
    .default(defaultWhitelistDuration),
});
export type AddWhitelistEntryRequest = z.input<typeof addWhitelistEntryRequestSchema>;

export const removeWhitelistEntryRequestSchema = z.object(ids);
export type RemoveWhitelistEntryRequest = z.input<typeof removeWhitelistEntryRequestSchema>;

/** One entry as the whitelist manager lists it. */
export interface WhitelistEntryView {
  userId: string;
  guildId: string;
  duration: WhitelistDuration;
  /** null: lifetime. */
  expiresAt: string | null;
}

export interface WhitelistResponse {
  whitelists: WhitelistEntryView[];
}

export interface AddWhitelistEntryResponse {
  success: true;
  message: string;
  entry: WhitelistEntryView & { addedAt: string };
}

export interface RemoveWhitelistEntryResponse {
  success: true;
  message: string;
}

export const whitelistApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/whitelist',
    auth: 'admin',
    summary: 'Active whitelist entries, newest first',
    response: { status: 200, description: 'WhitelistResponse' },
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/admin/whitelist',
    auth: 'admin',
    summary: 'Whitelist a Discord user on a server (again: renews the entry)',
    body: addWhitelistEntryRequestSchema,
    form: true,
    response: { status: 201, description: "{ success: true, message: 'Entry has been added to whitelist', entry }" },
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/admin/blacklist',
    auth: 'admin',
    summary: 'Remove a whitelist entry',
    body: removeWhitelistEntryRequestSchema,
    form: true,
    response: { status: 200, description: "{ success: true, message: 'Entry has been removed from whitelist' }" },
  }),
};

export { whitelistTexts };
