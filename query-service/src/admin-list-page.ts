import { adminListTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';

/**
 * The cursor of an admin list's page (newest first): the sort field's value and the _id of
 * the page's last row, opaque to the caller (base64url of JSON).
 */
export function cursorAfter(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** The cursor's value and _id; a cursor this API did not make is refused (400). */
export function readCursor(cursor: string): { value: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string'))
      return { value: parsed[0], id: parsed[1] };
  } catch {
    // not one of ours: refused below
  }
  throw new DomainError('invalid', adminListTexts.after, errorCodes.invalid);
}

/**
 * The rows after a cursor, in the order `{ [field]: -1, _id: -1 }`, that meet every one of
 * `conditions`: the range on the field lets an index on `{ [field]: -1, _id: -1 }` start at
 * the cursor, so a page costs its own rows whatever its depth; the `$or` settles the ties.
 */
export function pageFilter(
  field: string,
  cursor: string | undefined,
  conditions: Record<string, unknown>[],
): Record<string, unknown> {
  const all = [...conditions];
  const filter: Record<string, unknown> = {};
  if (cursor !== undefined) {
    const { value, id } = readCursor(cursor);
    filter[field] = { $lte: value };
    all.push({ $or: [{ [field]: { $lt: value } }, { [field]: value, _id: { $lt: id } }] });
  }
  if (all.length > 0) filter.$and = all;
  return filter;
}

/** Text matched anywhere in a name, case-insensitively, as it was typed (no pattern). */
export const containing = (text: string) => ({
  $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  $options: 'i',
});

/** One row more than the page is read: whether a next page exists, without counting. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { page: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  return { page, next: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
}
