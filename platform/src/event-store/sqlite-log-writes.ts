/**
 * How the embedded log is opened and written, shared by the store itself (appends committed
 * on the caller's thread) and by its writer thread (log-writer-worker.ts): the file's pragmas
 * and table, and the group commit with a savepoint per append.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision, NewEvent } from './event-store.ts';

const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT    NOT NULL UNIQUE,
    stream_id  TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    -- Also the index for stream reads and the current-revision lookup: a second index on
    -- the same columns would only slow appends down.
    UNIQUE (stream_id, revision)
  );
`;

/** A connection to the log file with the log's pragmas; creates the table on first use. */
export function openLog(filename: string, busyTimeoutMs: number): Database.Database {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const db = new Database(filename, { timeout: busyTimeoutMs });
  db.pragma('journal_mode = WAL');
  // An append is acknowledged only once it is on disk, as EventStoreDB promises: FULL syncs
  // the WAL at every commit (NORMAL may lose the last commits on power loss, and a redeemed
  // key would become redeemable again). Group commit pays one sync per group of concurrent
  // appends, not one per append. The setting is the connection's: every writer sets it.
  db.pragma('synchronous = FULL');
  // checkpointing every ~40 MB of WAL instead of every 4 MB: fewer, larger copies into the file
  db.pragma('wal_autocheckpoint = 10000');
  db.exec(schema);
  return db;
}

/** An event ready for the file: its id chosen, data and metadata as the JSON text stored. */
export interface EventRowToWrite {
  id: string;
  type: string;
  data: string;
  metadata: string;
  /** Kept from the log a rewrite copies; the commit's time otherwise. */
  recordedAt?: number;
}

/** One append of a group, as the writer receives it (plain data: it may cross to a thread). */
export interface AppendToWrite {
  streamId: string;
  expected: ExpectedRevision;
  events: EventRowToWrite[];
}

/** What one append of a group came to: written, refused by its expected revision, or failed. */
export type AppendOutcome =
  | { result: AppendResult }
  | { conflict: { streamId: string; expected: ExpectedRevision; actual: number | null } }
  | { error: unknown };

/** Serializes an append's events on the caller's side (throws for data JSON cannot hold). */
export function rowsOf(events: readonly NewEvent[]): EventRowToWrite[] {
  return events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata),
    ...(event.recordedAt === undefined ? {} : { recordedAt: event.recordedAt }),
  }));
}

function matches(expected: ExpectedRevision, actual: number | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return actual === expected;
}

/** Conflicts are outcomes, not exceptions, inside the group; this one unwinds a savepoint. */
class Conflict extends Error {
  constructor(readonly actual: number | null) {
    super('conflict');
  }
}

/** Writes groups of appends to one connection: one transaction per group, one savepoint per append. */
export class LogWriter {
  private readonly statements;
  private readonly appendTransaction: Database.Transaction<(append: AppendToWrite) => AppendResult>;
  private readonly groupTransaction: Database.Transaction<(group: readonly AppendToWrite[]) => AppendOutcome[]>;

  constructor(db: Database.Database) {
    this.statements = {
      currentRevision: db
        .prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?')
        .pluck(),
      insert: db.prepare(
        'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      head: db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck(),
    };
    // a nested transaction is a savepoint: a failed append leaves nothing behind
    this.appendTransaction = db.transaction((append: AppendToWrite) => this.write(append));
    this.groupTransaction = db.transaction((group: readonly AppendToWrite[]) =>
      group.map((append): AppendOutcome => {
        try {
          return { result: this.appendTransaction(append) };
        } catch (error) {
          if (error instanceof Conflict)
            return { conflict: { streamId: append.streamId, expected: append.expected, actual: error.actual } };
          return { error };
        }
      }),
    );
  }

  /**
   * Commits the group in one transaction, each append checked in order, and returns each
   * one's outcome once the commit is on disk. Throws when the transaction itself fails
   * (the write lock not obtained, the disk full): then none of them was written.
   */
  commit(group: readonly AppendToWrite[]): AppendOutcome[] {
    // IMMEDIATE takes the write lock before reading any revision, so no other process can
    // slip an event in between a check and its insert.
    return this.groupTransaction.immediate(group);
  }

  private write({ streamId, expected, events }: AppendToWrite): AppendResult {
    const actual = this.statements.currentRevision.get(streamId) ?? null;
    if (!matches(expected, actual)) throw new Conflict(actual);
    let revision = actual ?? -1;
    // An empty append only checks the revision; it reports the head as its position.
    let position = events.length === 0 ? (this.statements.head.get() ?? 0) : 0;
    const now = Date.now();
    for (const event of events) {
      revision += 1;
      const info = this.statements.insert.run(
        event.id,
        streamId,
        revision,
        event.type,
        event.data,
        event.metadata,
        event.recordedAt ?? now,
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }
}
