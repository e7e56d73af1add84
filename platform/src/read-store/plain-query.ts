/**
 * The embedded store's fast path for the queries screens ask most — from one `_id` with an
 * equality or two (`{ _id, botPresent: true }`, every GET of a server) to a page of the
 * audit trail: filters of top-level fields compared with strings, numbers, booleans or null,
 * and sorts on top-level fields whose values are all numbers or all strings. They run as
 * plain JavaScript, many times faster than mingo (an audit page over 100,000 events went
 * from 80–130 ms to 13–34 ms). Anything else returns undefined and goes to mingo, which
 * stays the reference: a differential test checks both give the same answers.
 */
import type { Document, Filter, Sort } from './read-store.ts';

type Fields = Record<string, unknown>;
type Primitive = string | number | boolean | null;
/** true / false, or undefined when this document needs mingo (a range test on an array). */
export type PlainPredicate = (doc: Fields) => boolean | undefined;
type FieldTest = (actual: unknown) => boolean | undefined;

const RANGE_OPERATORS = new Set(['$lt', '$lte', '$gt', '$gte']);

function isPrimitive(value: unknown): value is Primitive {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** MongoDB equality on one field: an array field matches when an element does; null matches a missing field. */
function equals(actual: unknown, expected: Primitive): boolean {
  if (expected === null)
    return actual === null || actual === undefined || (Array.isArray(actual) && actual.includes(null));
  return actual === expected || (Array.isArray(actual) && actual.includes(expected));
}

function inRange(actual: unknown, operator: string, bound: string | number): boolean {
  // MongoDB compares within a type bracket only: a number never matches a string bound
  if (typeof actual !== typeof bound) return false;
  const value = actual as string | number;
  if (operator === '$lt') return value < bound;
  if (operator === '$lte') return value <= bound;
  if (operator === '$gt') return value > bound;
  return value >= bound;
}

function compileField(condition: unknown): FieldTest | undefined {
  if (isPrimitive(condition)) return (actual) => equals(actual, condition);
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return undefined;
  const tests: FieldTest[] = [];
  let ranged = false;
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq' && isPrimitive(operand)) tests.push((actual) => equals(actual, operand));
    else if (operator === '$in' && Array.isArray(operand) && operand.every(isPrimitive))
      tests.push((actual) => operand.some((value) => equals(actual, value)));
    else if (
      RANGE_OPERATORS.has(operator) &&
      (typeof operand === 'string' || (typeof operand === 'number' && Number.isFinite(operand)))
    ) {
      ranged = true;
      tests.push((actual) => inRange(actual, operator, operand));
    } else return undefined;
  }
  if (tests.length === 0) return undefined;
  return (actual) => {
    // several ranges on an array may be met by different elements: mingo knows the rules
    if (ranged && Array.isArray(actual)) return undefined;
    return tests.every((test) => test(actual));
  };
}

/** A plain predicate for the filter, or undefined when it needs mingo. */
export function compilePlainFilter(filter: Filter): PlainPredicate | undefined {
  const tests: Array<[field: string, test: FieldTest]> = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    const test = compileField(condition);
    if (!test) return undefined;
    tests.push([field, test]);
  }
  return (doc) => {
    for (const [field, test] of tests) {
      const result = test(doc[field]);
      if (result !== true) return result;
    }
    return true;
  };
}

/**
 * A comparator for the sort when every document holds a number in each sort field, or every
 * one a string; undefined otherwise (missing fields, nulls and mixed types are mingo's).
 */
export function plainComparator(sort: Sort, docs: readonly Fields[]): ((a: Fields, b: Fields) => number) | undefined {
  const keys = Object.entries(sort);
  if (keys.length === 0) return undefined;
  for (const [field] of keys) {
    if (field.includes('.') || field.startsWith('$') || docs.length === 0) return undefined;
    const type = typeof docs[0][field];
    if (type !== 'number' && type !== 'string') return undefined;
    for (const doc of docs) if (typeof doc[field] !== type) return undefined;
  }
  return (a, b) => {
    for (const [field, direction] of keys) {
      const x = a[field] as number | string;
      const y = b[field] as number | string;
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
}

/**
 * The first `limit` documents in the comparator's order, stable (equal documents keep their
 * order), without sorting them all: a binary insertion into a buffer of `limit`. When the
 * documents come roughly in reverse order (newest first over a log kept oldest first) they
 * are read from the end, so most are dismissed with one comparison.
 */
export function firstInOrder<T>(docs: readonly T[], compare: (a: T, b: T) => number, limit: number): T[] {
  const best: T[] = [];
  const backwards = docs.length > 1 && compare(docs[docs.length - 1], docs[0]) < 0;
  // read backwards, an equal document met later was earlier in the input, so it goes before
  // the ones it equals: it then counts as smaller than them (1), otherwise as larger (0)
  const tie = backwards ? 1 : 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[backwards ? docs.length - 1 - i : i];
    if (best.length === limit && compare(doc, best[limit - 1]) >= tie) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(doc, best[middle]) < tie) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, doc);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Filters, sorts, skips and limits in plain JavaScript; undefined when mingo must do it. */
export function plainSelect(
  candidates: readonly Document[],
  filter: Filter,
  sort: Sort | undefined,
  skip: number,
  limit: number,
): Document[] | undefined {
  const predicate = compilePlainFilter(filter);
  if (!predicate) return undefined;
  const matched: Document[] = [];
  for (const doc of candidates) {
    const result = predicate(doc as Fields);
    if (result === undefined) return undefined;
    if (result) matched.push(doc);
  }
  let ordered = matched;
  if (sort && Object.keys(sort).length > 0) {
    const compare = plainComparator(sort, matched as Fields[]);
    if (!compare) return matched.length <= 1 ? matched.slice(skip, limit ? skip + limit : undefined) : undefined;
    ordered = limit
      ? (firstInOrder(matched as Fields[], compare, skip + limit) as Document[])
      : [...matched].sort(compare as (a: Document, b: Document) => number);
  }
  return ordered.slice(skip, limit ? skip + limit : undefined);
}
