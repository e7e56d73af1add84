import { z } from 'zod';
import { plainText } from './input-rules.ts';

/** The admin's long lists (subscribers, whitelist) page like the audit trail: newest first, 50 a page. */
export const ADMIN_LIST_PAGE = { defaultLimit: 50, maxLimit: 200, searchMax: 100 } as const;

export const adminListTexts = {
  unknownParameter: (names: readonly string[], known: readonly string[]) =>
    `Unknown parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')} (known: ${known.join(', ')})`,
  givenTwice: (name: string) => `${name} may be given only once`,
  search: `search must be a name or an id of at most ${ADMIN_LIST_PAGE.searchMax} characters`,
  after: 'after must be the nextAfter of an earlier page',
  limit: `limit must be a whole number from 1 to ${ADMIN_LIST_PAGE.maxLimit}`,
} as const;

/** A query parameter given once: koa hands a repeated one over as an array. */
const once = (name: string, text: string) =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? adminListTexts.givenTwice(name) : text) });

const shape = {
  /** A name or an id; blank is no search. */
  search: plainText(
    once('search', adminListTexts.search).trim().max(ADMIN_LIST_PAGE.searchMax, adminListTexts.search),
    'search',
  )
    .transform((text) => (text === '' ? undefined : text))
    .optional(),
  /** The page after the one that answered this cursor. */
  after: once('after', adminListTexts.after)
    .regex(/^[A-Za-z0-9_-]{1,400}$/, adminListTexts.after)
    .optional(),
  limit: once('limit', adminListTexts.limit)
    .regex(/^\d{1,4}$/, adminListTexts.limit)
    .transform(Number)
    .refine((value) => value >= 1 && value <= ADMIN_LIST_PAGE.maxLimit, adminListTexts.limit)
    .default(ADMIN_LIST_PAGE.defaultLimit),
};
const known = Object.keys(shape);

/** GET /api/admin/subscribers' and /api/admin/whitelist's query string: all optional, none unknown, none twice. */
export const adminListQuerySchema = z.strictObject(shape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? adminListTexts.unknownParameter(issue.keys, known) : undefined,
});
