/**
 * How the embedded store answers a find: SQLite narrows the documents with the collection's
 * indexes (equalities, `$in` and ranges on their fields, the `_id` of every document) and,
 * where an index holds the sort's order, gives them in that order; each row is then checked
 * against the whole filter (plain JavaScript, else mingo), so SQLite only has to return every
 * match, never exactly the matches. Rows are streamed: a sorted page with a limit stops after
 * its last document, and nothing holds a whole collection.
 *
 * Ties keep insertion order (rowid), as mingo's stable sort over documents in insertion order
 * does. An index gives the order only for fields that never held an array or an object
 * (mingo's rules for those are its own). Strings in an index's order compare by their UTF-8
 * bytes (as in MongoDB): mingo's order (UTF-16 units) differs only between characters beyond
 * U+FFFF (emoji) and those from U+E000 to U+FFFF, which the fields sorted by index (times,
 * ids, names of types) never hold.
 */
import { Query } from 'mingo';
import { COMPLEX, keyOf, MULTIKEY } from './index-keys.ts';
import { compilePlainFilter, plainSelect } from './plain-query.ts';
import type { Document, Filter, Sort } from './read-store.ts';
import type { DeclaredIndex } from './sqlite-indexes.ts';

/** A stored document and what SQLite knows of it. */
export interface StoredRow {
  rowid: number;
  id: string;
  json: string;
}

/** Where the rows come from and in which order. */
export interface QueryPlan {
  sql: string;
  params: unknown[];
  /** Rows come in the sort's order (with no sort: insertion order). */
  sorted: boolean;
  /** A document may come more than once (several entries of a multikey index match). */
  repeats: boolean;
  /** The index used, for tests and explanations: '_id', an index's name, or 'none'. */
  index: string;
}

type Primitive = string | number | boolean | null;
type Range = { op: '>' | '>=' | '<' | '<='; value: string | number };
type Bound = { eq: Primitive } | { in: Primitive[] } | { ranges: Range[] };

const RANGE_SQL: Record<string, Range['op']> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function isPrimitive(value: unknown): value is Primitive {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** What an index can use of one field's condition; anything it cannot use is left to the check. */
function boundOf(condition: unknown): Bound | undefined {
  if (isPrimitive(condition)) return { eq: condition };
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return undefined;
  const operators = condition as Record<string, unknown>;
  if (Object.keys(operators).some((key) => !key.startsWith('$'))) return undefined; // a whole sub-document
  if ('$eq' in operators && isPrimitive(operators.$eq)) return { eq: operators.$eq };
  const values = operators.$in;
  // (null's key is also the key of a missing field, which null matches)
  if (Array.isArray(values) && values.length > 0 && values.every(isPrimitive))
    return { in: [...new Set(values as Primitive[])] };
  const ranges: Range[] = [];
  for (const [operator, op] of Object.entries(RANGE_SQL)) {
    const value = operators[operator];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) ranges.push({ op, value });
  }
  // MongoDB compares within one type: a range of a number and a string matches no document
  if (ranges.length === 0 || ranges.some((range) => typeof range.value !== typeof ranges[0].value)) return undefined;
  // SQLite compares text by its UTF-8 bytes, mingo by UTF-16 units: they agree on every string
  // against a bound without characters from U+D800 on, so only such bounds narrow the rows
  if (ranges.some((range) => typeof range.value === 'string' && /[\ud800-\uffff]/.test(range.value))) return undefined;
  return { ranges };
}

function boundsOf(filter: Filter): Map<string, Bound> {
  const bounds = new Map<string, Bound>();
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$')) continue; // $or, $and…: the check does them
    const bound = boundOf(condition);
    if (bound) bounds.set(field, bound);
  }
  return bounds;
}

/** SQL for a range within its type: strings sort between numbers and blobs, numbers above NULL. */
function rangeSql(column: string, ranges: Range[], params: unknown[]): string {
  const parts = ranges.map((range) => {
    params.push(keyOf(range.value));
    return `${column} ${range.op} ?`;
  });
  const text = typeof ranges[0].value === 'string';
  if (!ranges.some((range) => range.op.startsWith('>'))) parts.push(text ? `${column} >= ''` : `${column} >= -9e999`);
  if (!ranges.some((range) => range.op.startsWith('<'))) parts.push(text ? `${column} < x''` : `${column} < ''`);
  return parts.join(' AND ');
}

interface Candidate {
  plan: QueryPlan;
  /** Fields the SQL narrows. */
  bounded: number;
}

const ROWS = 'rowid, id, doc';

/** At most this many values of a `$in` are merged in the sort's order; more are sorted here. */
const MERGED_VALUES_MAX = 32;

type Part = { path: string; kind: number; bound: Bound };
const single = (bound: Bound) => 'eq' in bound || ('in' in bound && bound.in.length === 1);

/** The SQL narrowing one field (`value`: the one value of a merged `$in`). */
function partSql(column: string, bound: Bound, params: unknown[], value?: Primitive): string {
  if (value !== undefined || 'eq' in bound) {
    params.push(keyOf(value !== undefined ? value : (bound as { eq: Primitive }).eq));
    return `${column} = ?`;
  }
  if ('in' in bound) {
    params.push(...bound.in.map(keyOf));
    return `${column} IN (${bound.in.map(() => '?').join(', ')})`;
  }
  return rangeSql(column, bound.ranges, params);
}

/**
 * A plan over one declared index: its leading fields SQL can narrow (equalities and `$in`,
 * then at most one range), and the sort when the index's next fields hold it. Rows of a `$in`
 * whose values each hold the order are merged, value by value, in that order (MongoDB's sort
 * merge): a page of the audit trail for three event types reads about three pages of entries.
 */
function indexCandidate(index: DeclaredIndex, bounds: Map<string, Bound>, sort: [string, 1 | -1][]): Candidate {
  const parts: Part[] = [];
  for (let i = 0; i < index.fields.length; i++) {
    const { path } = index.fields[i];
    const [kind, bound] = [index.kinds[i], bounds.get(path)];
    if (!bound || kind & COMPLEX) break;
    // different elements of a list may meet different ends of a range
    if ('ranges' in bound && kind & MULTIKEY) break;
    parts.push({ path, kind, bound });
    if ('ranges' in bound) break;
  }
  const bounded = parts.length;
  // every multikey field not pinned to one value may give a document several matching entries
  const repeats = index.kinds.some((kind, i) => kind & MULTIKEY && !(i < bounded && single(parts[i].bound)));
  const several = parts.flatMap((part, i) => ('in' in part.bound && part.bound.in.length > 1 ? [i] : []));
  const merged =
    several.length === 1 && (parts[several[0]].bound as { in: Primitive[] }).in.length <= MERGED_VALUES_MAX;
  // the fields the order starts after: pinned to one value (or merged value by value)
  let start = 0;
  while (start < bounded && (single(parts[start].bound) || (merged && start === several[0]))) start++;
  const constant = new Set(parts.filter((part) => single(part.bound) && !(part.kind & MULTIKEY)).map((p) => p.path));
  const order = sort.length > 0 ? indexOrder(index, sort, start, constant) : undefined;
  const join = `FROM ${index.table} e JOIN docs d ON d.rowid = e.r AND d.collection = ?`;
  const conditions = (params: unknown[], value?: Primitive) => {
    const sql = parts.map((part, i) =>
      partSql(`e.k${i}`, part.bound, params, merged && i === several[0] ? value : undefined),
    );
    return sql.length > 0 ? `WHERE ${sql.join(' AND ')}` : '';
  };
  const sorted = (sql: string, params: unknown[]): Candidate => ({
    plan: { sql, params, sorted: true, repeats, index: index.name },
    bounded,
  });
  if (order !== undefined && merged && start > several[0]) {
    const params: unknown[] = [];
    const arms = (parts[several[0]].bound as { in: Primitive[] }).in.map((value) => {
      params.push(index.collection);
      const keys = order.map((term, j) => `${term.column} AS o${j}`);
      return `SELECT d.rowid, d.id, d.doc, ${[...keys, 'e.r AS r'].join(', ')} ${join} ${conditions(params, value)}`;
    });
    const terms = order.map((term, j) => `o${j} ${term.direction}`);
    return sorted(`${arms.join(' UNION ALL ')} ORDER BY ${[...terms, 'r'].join(', ')}`, params);
  }
  const params: unknown[] = [index.collection];
  const condition = conditions(params);
  if (order !== undefined) {
    const terms = order.map((term) => `${term.column} ${term.direction}`);
    return sorted(`SELECT d.rowid, d.id, d.doc ${join} ${condition} ORDER BY ${[...terms, 'e.r'].join(', ')}`, params);
  }
  // in insertion order, each document once
  params.push(params.shift());
  const sql = `SELECT ${ROWS} FROM docs WHERE rowid IN (SELECT e.r FROM ${index.table} e ${condition}) AND collection = ? ORDER BY rowid`;
  return { plan: { sql, params, sorted: sort.length === 0, repeats: false, index: index.name }, bounded };
}

/**
 * The ORDER BY terms when the sort's fields (less those pinned to one value) are the index's
 * fields from `start` on, in their directions or all reversed, and never held a list or an
 * object (mingo sorts those by its own rules).
 */
function indexOrder(
  index: DeclaredIndex,
  sort: [string, 1 | -1][],
  start: number,
  constant: Set<string>,
): { column: string; direction: 'ASC' | 'DESC' }[] | undefined {
  const wanted = sort.filter(([path]) => !constant.has(path));
  if (start + wanted.length > index.fields.length) return undefined;
  let flip: boolean | undefined;
  const terms: { column: string; direction: 'ASC' | 'DESC' }[] = [];
  for (let j = 0; j < wanted.length; j++) {
    const field = index.fields[start + j];
    const [path, direction] = wanted[j];
    if (field.path !== path || index.kinds[start + j] !== 0) return undefined;
    const reversed = field.direction !== direction;
    if (flip !== undefined && flip !== reversed) return undefined;
    flip = reversed;
    terms.push({ column: `e.k${start + j}`, direction: direction === 1 ? 'ASC' : 'DESC' });
  }
  return terms;
}

/** A plan over the documents' own key, (collection, _id). */
function idCandidate(bound: Bound | undefined, sort: [string, 1 | -1][]): Candidate | undefined {
  const params: unknown[] = [];
  let condition = '';
  if (bound && 'eq' in bound) {
    condition = 'AND id = ?';
    params.push(bound.eq);
  } else if (bound && 'in' in bound) {
    const ids = bound.in.filter((id): id is string => typeof id === 'string');
    condition = 'AND id IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(ids));
  } else if (bound && 'ranges' in bound && typeof bound.ranges[0].value === 'string') {
    condition = `AND ${rangeSql('id', bound.ranges, params)}`;
  }
  // ids are unique: a sort that starts with _id is wholly in its order
  const byId = sort.length > 0 && sort[0][0] === '_id';
  if (!condition && !byId) return undefined;
  const order = byId ? `id ${sort[0][1] === 1 ? 'ASC' : 'DESC'}` : 'rowid';
  return {
    plan: {
      sql: `SELECT ${ROWS} FROM docs WHERE collection = ? ${condition} ORDER BY ${order}`,
      params,
      sorted: byId || sort.length === 0,
      repeats: false,
      index: '_id',
    },
    bounded: condition ? 1 : 0,
  };
}

/**
 * The cheapest way to the documents the filter may match: the most fields narrowed, and with
 * a limit, the sort's order (so that the first rows are the page).
 */
export function planQuery(
  collection: string,
  indexes: readonly DeclaredIndex[],
  filter: Filter,
  sort: Sort | undefined,
  limited: boolean,
): QueryPlan {
  const bounds = boundsOf(filter);
  const sorting = Object.entries(sort ?? {}) as [string, 1 | -1][];
  const candidates = indexes.map((index) => indexCandidate(index, bounds, sorting));
  const byId = idCandidate(bounds.get('_id'), sorting);
  if (byId) candidates.push(byId);
  const score = ({ plan, bounded }: Candidate) =>
    bounded * 10 + (plan.sorted && sorting.length > 0 ? (limited ? 15 : 5) : 0);
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (score(candidate) > 0 && (!best || score(candidate) > score(best))) best = candidate;
  }
  if (best) {
    // the _id plan names the collection itself; index tables hold only this collection's entries
    if (best.plan.index === '_id') best.plan.params.unshift(collection);
    return best.plan;
  }
  return {
    sql: `SELECT ${ROWS} FROM docs WHERE collection = ? ORDER BY rowid`,
    params: [collection],
    sorted: sorting.length === 0,
    repeats: false,
    index: 'none',
  };
}

/** A test of one document against the whole filter: plain JavaScript where it can, else mingo. */
export function matcherOf(filter: Filter): (doc: Document) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const plain = compilePlainFilter(filter);
  let mingo: Query | undefined;
  const byMingo = (doc: Document) => (mingo ??= new Query(filter, {})).test(doc);
  if (!plain) return byMingo;
  return (doc) => plain(doc as unknown as Record<string, unknown>) ?? byMingo(doc);
}

/** A matching document, parsed (a fresh copy the caller may keep), with its row. */
export interface Matched {
  row: StoredRow;
  doc: Document;
}

/** The matching rows in the plan's order, each once; stops after `enough` when given. */
export function matchRows(rows: Iterable<unknown[]>, plan: QueryPlan, filter: Filter, enough = 0): Matched[] {
  const matches = matcherOf(filter);
  const seen = plan.repeats ? new Set<number>() : undefined;
  const matched: Matched[] = [];
  for (const [rowid, id, json] of rows as Iterable<[number, string, string]>) {
    if (seen) {
      if (seen.has(rowid)) continue;
      seen.add(rowid);
    }
    const doc = JSON.parse(json) as Document;
    if (!matches(doc)) continue;
    matched.push({ row: { rowid, id, json }, doc });
    if (matched.length === enough) break;
  }
  return matched;
}

/** Matching documents, sorted, skipped and limited. */
export function selectDocuments(
  rows: Iterable<unknown[]>,
  plan: QueryPlan,
  filter: Filter,
  { sort, skip = 0, limit = 0 }: { sort?: Sort; skip?: number; limit?: number },
): Document[] {
  const sorting = sort !== undefined && Object.keys(sort).length > 0;
  // in the plan's order, a page is complete after its last document
  const enough = plan.sorted && limit > 0 ? skip + limit : 0;
  const matched = matchRows(rows, plan, filter, enough).map(({ doc }) => doc);
  if (plan.sorted || !sorting) return matched.slice(skip, limit > 0 ? skip + limit : undefined);
  // not in an index's order: sorted here, stably, from insertion order
  const plain = plainSelect(matched, {}, sort, skip, limit);
  if (plain) return plain;
  const cursor = new Query({}, {}).find<Document>(matched).sort(sort);
  if (skip) cursor.skip(skip);
  if (limit) cursor.limit(limit);
  return cursor.all();
}

/** How many documents match, none of them kept. */
export function countRows(rows: Iterable<unknown[]>, plan: QueryPlan, filter: Filter): number {
  const matches = matcherOf(filter);
  const seen = plan.repeats ? new Set<number>() : undefined;
  let count = 0;
  for (const [rowid, , json] of rows as Iterable<[number, string, string]>) {
    if (seen) {
      if (seen.has(rowid)) continue;
      seen.add(rowid);
    }
    if (matches(JSON.parse(json) as Document)) count++;
  }
  return count;
}
