/**
 * What the embedded store's index tables hold for a document: one entry per combination of
 * the values of the index's fields, an array giving one entry per element as a MongoDB
 * multikey index does (so `{ guildIds: 'g1' }` finds every document whose list holds g1;
 * SQLite's expression indexes hold one value per row and could not). SQLite computes the
 * entries from the stored JSON (entriesSql), which keeps the hot path of a rebuild in C; a
 * query's bounds are the same keys made in JavaScript (keyOf).
 *
 * Keys sort as mingo sorts across types — missing and null, numbers, strings, objects,
 * arrays, booleans — because SQLite orders numbers, then text, then blobs: missing and null
 * are minus infinity (below every number JSON can hold, and never SQL's NULL, so that an
 * entry is found again by its keys), booleans and objects blobs whose first byte keeps that
 * order. Each field remembers whether a document held an array or an object there
 * (MULTIKEY: several entries per document, good for equality and not for ranges or order, as
 * in MongoDB), or a list inside that list or a list on the way to a dotted field (COMPLEX:
 * mingo matches into those, where no entry is, so the index stops before the field).
 */
import type { Document, IndexSpec } from './read-store.ts';

export const MULTIKEY = 1;
export const COMPLEX = 2;

export interface IndexField {
  path: string;
  direction: 1 | -1;
}

/** The key of missing and null: below every number. */
export const NULL_KEY = Number.NEGATIVE_INFINITY;
const FALSE_KEY = Buffer.from([0x08]);
const TRUE_KEY = Buffer.from([0x09]);

/** A value as an index key, for a query's bounds: the same as entriesSql gives. */
export function keyOf(value: unknown): unknown {
  if (value === null || value === undefined) return NULL_KEY;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      // an integer is an integer in SQLite, as in the JSON SQLite reads; JSON keeps no infinity
      if (Number.isSafeInteger(value)) return BigInt(value);
      return Number.isFinite(value) ? value : NULL_KEY;
    case 'boolean':
      return value ? TRUE_KEY : FALSE_KEY;
    default:
      return Buffer.from(`${Array.isArray(value) ? '\u0004' : '\u0003'}${JSON.stringify(value)}`);
  }
}

/** MongoDB's name for an index: `guildIds_1_position_-1`. */
export const indexName = (spec: IndexSpec): string =>
  Object.entries(spec)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A JSON path for SQLite: each part quoted, so any field name works. */
const jsonPath = (path: string) =>
  `$${path
    .split('.')
    .map((part) => `.${JSON.stringify(part)}`)
    .join('')}`;

/** The key of one json_each row, as keyOf makes it. */
const keySql = (j: string) =>
  `CASE ${j}.type WHEN 'text' THEN ${j}.value WHEN 'integer' THEN ${j}.value WHEN 'real' THEN ${j}.value
    WHEN 'true' THEN x'09' WHEN 'false' THEN x'08' WHEN 'object' THEN CAST(char(3) || ${j}.value AS BLOB)
    WHEN 'array' THEN CAST(char(4) || ${j}.value AS BLOB) ELSE -9e999 END`;

/**
 * SQL selecting a document's entries: the keys, then its rowid. `d` names the row (with
 * `doc` and `rowid` columns) the FROM clause `from` gives. A field gives one key per element
 * when it holds an array (none: one missing key), one per member when it holds an object
 * (MULTIKEY either way: never used for order), else its value.
 */
export function entriesSql(fields: readonly IndexField[], from: string, rowid = 'd.rowid'): string {
  const joins = fields.map(({ path }, i) => `LEFT JOIN json_each(d.doc, ${sqlString(jsonPath(path))}) AS j${i}`);
  const keys = fields.map((_, i) => keySql(`j${i}`));
  return `SELECT ${[...keys, rowid].join(', ')} FROM ${from} ${joins.join(' ')}`;
}

/** What a document holds at an index's fields, per field: MULTIKEY | COMPLEX (see the file's comment). */
export function kindsOf(fields: readonly IndexField[], doc: Document): number[] {
  return fields.map(({ path }) => {
    let value: unknown = doc;
    for (const part of path.split('.')) {
      if (Array.isArray(value)) return MULTIKEY | COMPLEX; // a path through a list: mingo looks into it
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    // a list in a list: mingo also matches the inner list's elements, which have no entries
    if (Array.isArray(value)) return value.some(Array.isArray) ? MULTIKEY | COMPLEX : MULTIKEY;
    return value !== null && typeof value === 'object' ? MULTIKEY : 0;
  });
}

/**
 * SQL giving, in one pass over a collection's documents (@collection), the kind of each of
 * `paths` (one column each): MULTIKEY where one holds a list or an object there, MULTIKEY |
 * COMPLEX where one has a list on the way to a dotted path. A list in a list is found in the
 * entries (nestedListSql).
 */
export function kindsSql(paths: readonly string[]): string {
  const columns = paths.map((path) => {
    const parts = path.split('.');
    const through = parts
      .slice(0, -1)
      .map((_, i) => `json_type(doc, ${sqlString(jsonPath(parts.slice(0, i + 1).join('.')))}) = 'array'`);
    const multikey = `json_type(doc, ${sqlString(jsonPath(path))}) IN ('array', 'object')`;
    const kind =
      through.length > 0
        ? `CASE WHEN ${through.join(' OR ')} THEN ${MULTIKEY | COMPLEX} WHEN ${multikey} THEN ${MULTIKEY} ELSE 0 END`
        : `CASE WHEN ${multikey} THEN ${MULTIKEY} ELSE 0 END`;
    return `coalesce(max(${kind}), 0)`;
  });
  return `SELECT ${columns.join(', ')} FROM docs WHERE collection = @collection`;
}

/** SQL telling whether an index table holds, at a key, a list found in a list (a blob starting with 4). */
export const nestedListSql = (table: string, key: string) =>
  `SELECT EXISTS (SELECT 1 FROM ${table} WHERE ${key} >= x'04' AND ${key} < x'05')`;

/** Whether a change of a document moves its entries in an index: any value at its fields changed. */
export function keysDiffer(fields: readonly IndexField[], before: Document, after: Document): boolean {
  for (const { path } of fields) {
    const [x, y] = [valueAt(before, path), valueAt(after, path)];
    if (x === y) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return true;
    if (JSON.stringify(x) !== JSON.stringify(y)) return true;
  }
  return false;
}

function valueAt(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
