import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';

/**
 * The rules every route's input follows (issue #13 item 8), shared so that each route states
 * them the same way: every Discord id is a snowflake, every free-text field is plain text.
 * New routes use `snowflake(text)` for ids and `plainText(schema, field)` for text.
 */

/** A Discord id in a request, with the route's own refusal text; spaces around it are dropped. */
export function snowflake(text: string) {
  return z.string({ error: text }).trim().regex(SNOWFLAKE, text);
}

/** Half of a surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
/** Control characters but tab, newline and the carriage return of a CRLF newline; DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this expression is for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
/** Bidirectional embeddings, overrides and isolates: they reorder what a reader sees ("Trojan source"). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Characters that show nothing; one may join an emoji or a Persian word, two in a row hide something. */
const INVISIBLE = '[\\u200B-\\u200D\\u2060\\uFEFF\\u180E]';
const INVISIBLE_RUN = new RegExp(`${INVISIBLE}{2,}`);
const ONLY_INVISIBLE = new RegExp(`^(?:\\s|${INVISIBLE})*${INVISIBLE}(?:\\s|${INVISIBLE})*$`);

/** Why `text` is not plain text, in words, or null when it is. */
export function plainTextProblem(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return 'broken characters';
  if (CONTROL.test(text)) return 'control characters';
  if (BIDI_CONTROL.test(text)) return 'text direction overrides';
  if (INVISIBLE_RUN.test(text) || ONLY_INVISIBLE.test(text)) return 'invisible characters';
  return null;
}

/** The 400 text of a field that is not plain text. */
export function notPlainText(field: string): string {
  return `${field} may not contain control characters, text direction overrides or invisible characters`;
}

/**
 * Free text that people read (greetings, announcements, names, reasons): refused with a clear
 * 400 naming the field when it holds control characters (tab and newline are fine), bidi
 * overrides or runs of invisible characters.
 */
export function plainText<Schema extends z.ZodType<string | null | undefined>>(schema: Schema, field: string) {
  return schema.refine((text) => typeof text !== 'string' || plainTextProblem(text) === null, notPlainText(field));
}

/** Everything a one-line name may not hold: the rule's characters, and tab and newline too. */
const NOT_IN_A_NAME = new RegExp(
  `${LONE_SURROGATE_SOURCE}|[\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]|${INVISIBLE}{2,}`,
  'g',
);

/**
 * A one-line name that comes from elsewhere (Discord's display names and server names,
 * through sign-in), made plain text by stripping instead of refusing: a person cannot
 * change what Discord says, and must still be able to sign in. Control characters, text
 * direction overrides and runs of invisible characters are removed, spaces collapsed; what
 * is left passes `plainTextProblem`, or is `fallback` when nothing readable is left.
 */
export function plainNameOf(text: string, fallback: string): string {
  const name = text
    .replace(NOT_IN_A_NAME, (found) => (/^[\t\n\r]$/.test(found) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' || plainTextProblem(name) !== null ? fallback : name;
}
