/**
 * MongoDB's update semantics for the embedded store: the document an upsert starts from, and
 * the update operators applied to a document. The common updates run as plain JavaScript;
 * everything else goes to mingo, which stays the reference (as in plain-query.ts for filters).
 */
import { randomUUID } from 'node:crypto';
import { update as applyOperators } from 'mingo';
import type { Filter } from './read-store.ts';

export type Operators = Parameters<typeof applyOperators>[1];

/**
 * The document an upsert starts from, as MongoDB builds it: every equality in the filter
 * (`field: value`, `field: { $eq: value }`, and those inside `$and`), dotted paths expanded.
 */
export function seedFromFilter(filter: Filter, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) seedFromFilter(clause as Filter, into);
    } else if (!key.startsWith('$')) {
      if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(into, key, structuredClone(value.$eq));
      } else if (!(value instanceof RegExp)) {
        setPath(into, key, structuredClone(value));
      }
    }
  }
  return into;
}

/** The _id an upsert gives a new document: the filter's, else a fresh string one. */
export function seededIdOf(filter: Filter): string {
  const seeded = seedFromFilter(filter)._id;
  return typeof seeded === 'string' ? seeded : randomUUID();
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * Applies update operators to `target` in place: mingo's updater, except for the common
 * updates — `$set` and `$unset` of plain top-level fields — which are plain assignments and
 * many times faster (mingo builds a whole context per call). The filter is passed so that
 * positional paths (`items.$.name`) resolve.
 */
export function applyUpdate(target: Record<string, unknown>, operators: Operators, filter: Filter): void {
  const keys = Object.keys(operators);
  if (keys.length === 0) return;
  if (
    keys.every((operator) => isSimpleUpdate(operator, (operators as Record<string, Record<string, unknown>>)[operator]))
  ) {
    for (const operator of keys) {
      const fields = (operators as Record<string, Record<string, unknown>>)[operator];
      for (const field in fields) {
        const value = fields[field];
        if (operator === '$set')
          target[field] =
            value === undefined || value === null || typeof value !== 'object' ? value : structuredClone(value);
        else delete target[field];
      }
    }
    return;
  }
  applyOperators(target, operators, [], filter);
}

/** Whether plain JavaScript gives MongoDB's answer: $set and $unset of top-level fields. */
function isSimpleUpdate(operator: string, fields: Record<string, unknown>): boolean {
  if (fields === null || typeof fields !== 'object') return false;
  if (operator !== '$set' && operator !== '$unset') return false;
  for (const field in fields) if (field.includes('.') || field.startsWith('$')) return false;
  return true;
}
