/**
 * The indexes the projectors declare, as SQLite tables the embedded store keeps beside its
 * documents: one row per entry (the keys of index-keys.ts, then the document's rowid), the
 * primary key in the index's order, so that SQLite seeks and walks them as it would an
 * index. A list of the indexes per file says which table is which.
 *
 * SQLite computes the entries from the stored JSON. The documents a write adds or changes are
 * noted and their entries inserted at its end, a few statements for a thousand documents (a
 * flush of the runner's batch is one write), from the documents as they are then.
 */
import type Database from 'better-sqlite3';
import {
  COMPLEX,
  entriesSql,
  type IndexField,
  indexName,
  keysDiffer,
  kindsOf,
  kindsSql,
  MULTIKEY,
  nestedListSql,
} from './index-keys.ts';
import type { Document, IndexSpec } from './read-store.ts';

export { COMPLEX, MULTIKEY };

export interface DeclaredIndex {
  collection: string;
  /** MongoDB's name for it: `guildIds_1_position_-1`. */
  name: string;
  fields: IndexField[];
  /** The SQLite table holding its entries. */
  table: string;
  /** Per field: MULTIKEY | COMPLEX as documents have shown so far. */
  kinds: number[];
  statements: EntryStatements;
}

interface EntryStatements {
  /** Inserts the entries of the documents whose ids a JSON array (@ids) names in a @collection. */
  insertFor: Database.Statement<[{ ids: string; collection: string }]>;
  /** Removes the entries of a document from its JSON (@doc) and @rowid. */
  removeFor: Database.Statement<[{ doc: string; rowid: number }]>;
  /** Inserts the entries of every document of a @collection. */
  build: Database.Statement<[{ collection: string }]>;
}

const META_TABLE = 'read_store_indexes';
/** Documents whose entries one statement inserts. */
const INSERT_CHUNK = 1000;

/** The declared indexes of every collection of one database file, and their tables. */
export class SqliteIndexes {
  /** By collection; loaded lazily, forgotten when another connection may have changed them. */
  private byCollection: Map<string, DeclaredIndex[]> | undefined;
  /** Prepared once per table and shape: a reader reloads the list after every commit elsewhere. */
  private readonly statements = new Map<string, EntryStatements>();
  /** By collection, the ids of documents whose entries the write in progress owes. */
  private readonly pending = new Map<string, Set<string>>();

  constructor(private readonly db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (
      id INTEGER PRIMARY KEY, collection TEXT NOT NULL, name TEXT NOT NULL,
      fields TEXT NOT NULL, kinds TEXT NOT NULL, UNIQUE (collection, name))`);
  }

  /** The collection's indexes (an empty list when it has none). */
  of(collection: string): readonly DeclaredIndex[] {
    this.byCollection ??= this.load();
    return this.byCollection.get(collection) ?? NONE;
  }

  /** Another connection committed, or a write rolled back: read them again when needed, owe nothing. */
  forget(): void {
    this.byCollection = undefined;
    this.pending.clear();
  }

  /**
   * Creates the tables of the indexes the collection lacks, with the entries of the documents
   * it already holds (the rebuild builds them once it has replayed the log), then learns what
   * the documents hold at their fields in one pass over them.
   */
  ensure(collection: string, specs: readonly IndexSpec[]): void {
    const built: DeclaredIndex[] = [];
    for (const spec of specs) {
      const name = indexName(spec);
      const fields: IndexField[] = Object.entries(spec).map(([path, direction]) => ({ path, direction }));
      if (fields.length === 0 || this.of(collection).some((index) => index.name === name)) continue;
      this.flush();
      const { lastInsertRowid } = this.db
        .prepare(`INSERT INTO ${META_TABLE} (collection, name, fields, kinds) VALUES (?, ?, ?, ?)`)
        .run(collection, name, JSON.stringify(fields), JSON.stringify(fields.map(() => 0)));
      const table = `read_store_index_${lastInsertRowid}`;
      const keys = fields.map((field, i) => `k${i}${field.direction === -1 ? ' DESC' : ''}`).join(', ');
      const columns = fields.map((_, i) => `k${i}`).join(', ');
      this.db.exec(`CREATE TABLE ${table} (${columns}, r INTEGER NOT NULL, PRIMARY KEY (${keys}, r)) WITHOUT ROWID`);
      this.byCollection = undefined;
      const index = this.of(collection).find((candidate) => candidate.name === name)!;
      index.statements.build.run({ collection });
      built.push(index);
    }
    if (built.length === 0) return;
    const paths = [...new Set(built.flatMap((index) => index.fields.map((field) => field.path)))];
    const kinds = this.db.prepare(kindsSql(paths)).raw().get({ collection }) as number[];
    const held = new Map(paths.map((path, i) => [path, kinds[i]]));
    for (const index of built) {
      const kinds = index.fields.map(({ path }, i) => {
        const kind = held.get(path) ?? 0;
        if (kind !== MULTIKEY) return kind;
        // a list in a list shows in the entries: keys that are lists
        const nested = this.db
          .prepare(nestedListSql(index.table, `k${i}`))
          .pluck()
          .get() as number;
        return nested === 1 ? MULTIKEY | COMPLEX : MULTIKEY;
      });
      this.saveKinds(index, kinds);
    }
    // the list was read again after each table was made: the saved kinds are read with it
    this.byCollection = undefined;
  }

  /** The collection was dropped: its indexes go with it, as in MongoDB. */
  drop(collection: string): void {
    this.pending.delete(collection);
    for (const index of this.of(collection)) this.db.exec(`DROP TABLE IF EXISTS ${index.table}`);
    this.db.prepare(`DELETE FROM ${META_TABLE} WHERE collection = ?`).run(collection);
    this.byCollection = undefined;
  }

  /** The collection was emptied: its indexes stay, empty, and forget what their fields held. */
  empty(collection: string): void {
    this.pending.delete(collection);
    for (const index of this.of(collection)) {
      this.db.exec(`DELETE FROM ${index.table}`);
      this.saveKinds(
        index,
        index.fields.map(() => 0),
      );
    }
  }

  /** A document was inserted: its entries are owed. */
  added(collection: string, doc: Document): void {
    const indexes = this.of(collection);
    if (indexes.length === 0) return;
    for (const index of indexes) this.noteKinds(index, doc);
    let ids = this.pending.get(collection);
    if (!ids) this.pending.set(collection, (ids = new Set()));
    ids.add(doc._id);
  }

  /** A document is about to be removed: its entries go (those owed are made from what is stored then). */
  removed(collection: string, rowid: number, id: string, json: string): void {
    if (this.pending.get(collection)?.has(id)) return;
    for (const index of this.of(collection)) index.statements.removeFor.run({ doc: json, rowid });
  }

  /** A stored document (its JSON before) changed: its entries move where its keys did. */
  changed(collection: string, rowid: number, json: string, before: Document, after: Document): void {
    const ids = this.pending.get(collection);
    if (ids?.has(after._id)) return; // owed: made from the document as it is at the end
    let moved = false;
    for (const index of this.of(collection)) {
      if (!keysDiffer(index.fields, before, after)) continue;
      index.statements.removeFor.run({ doc: json, rowid });
      this.noteKinds(index, after);
      moved = true;
    }
    if (moved) {
      // the indexes whose keys did not move keep their entries: INSERT OR IGNORE
      if (!ids) this.pending.set(collection, new Set([after._id]));
      else ids.add(after._id);
    }
  }

  /** Inserts the entries the write owes, from the documents as they are now: before a write ends. */
  flush(): void {
    for (const [collection, ids] of this.pending) {
      const all = [...ids];
      for (let at = 0; at < all.length; at += INSERT_CHUNK) {
        const chunk = JSON.stringify(all.slice(at, at + INSERT_CHUNK));
        for (const index of this.of(collection)) index.statements.insertFor.run({ ids: chunk, collection });
      }
    }
    this.pending.clear();
  }

  private noteKinds(index: DeclaredIndex, doc: Document): void {
    const kinds = kindsOf(index.fields, doc);
    if (kinds.every((kind, i) => (index.kinds[i] | kind) === index.kinds[i])) return;
    this.saveKinds(
      index,
      index.kinds.map((kind, i) => kind | kinds[i]),
    );
  }

  private saveKinds(index: DeclaredIndex, kinds: number[]): void {
    index.kinds = kinds;
    this.db
      .prepare(`UPDATE ${META_TABLE} SET kinds = ? WHERE collection = ? AND name = ?`)
      .run(JSON.stringify(kinds), index.collection, index.name);
  }

  private load(): Map<string, DeclaredIndex[]> {
    const rows = this.db.prepare(`SELECT id, collection, name, fields, kinds FROM ${META_TABLE} ORDER BY id`).all() as {
      id: number;
      collection: string;
      name: string;
      fields: string;
      kinds: string;
    }[];
    const indexes = new Map<string, DeclaredIndex[]>();
    for (const row of rows) {
      const fields = JSON.parse(row.fields) as IndexField[];
      const table = `read_store_index_${row.id}`;
      const index: DeclaredIndex = {
        collection: row.collection,
        name: row.name,
        fields,
        table,
        kinds: JSON.parse(row.kinds) as number[],
        statements: this.statementsOf(table, fields, row.fields),
      };
      indexes.set(row.collection, [...(indexes.get(row.collection) ?? []), index]);
    }
    return indexes;
  }

  private statementsOf(table: string, fields: readonly IndexField[], shape: string): EntryStatements {
    const key = `${table} ${shape}`;
    let statements = this.statements.get(key);
    if (!statements) {
      const columns = [...fields.map((_, i) => `k${i}`), 'r'].join(', ');
      statements = {
        // CROSS JOIN: the ids first, each document found by its key (not the collection scanned per id)
        insertFor: this.db.prepare(
          `INSERT OR IGNORE INTO ${table} ${entriesSql(fields, 'json_each(@ids) AS ids CROSS JOIN docs AS d ON d.collection = @collection AND d.id = ids.value')}`,
        ),
        // by the keys SQLite makes from the document as it was: exactly the entries it made
        removeFor: this.db.prepare(
          `DELETE FROM ${table} WHERE (${columns}) IN (${entriesSql(fields, '(SELECT @doc AS doc) AS d', '@rowid')})`,
        ),
        build: this.db.prepare(
          `INSERT OR IGNORE INTO ${table} ${entriesSql(fields, 'docs AS d')} WHERE d.collection = @collection`,
        ),
      };
      this.statements.set(key, statements);
    }
    return statements;
  }
}

const NONE: readonly DeclaredIndex[] = [];
