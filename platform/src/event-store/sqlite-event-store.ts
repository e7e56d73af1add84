import type { EventMetadata } from '@vip/contracts';
import type Database from 'better-sqlite3';
import { Observable, type Subscriber } from 'rxjs';
import {
  type AppendResult,
  batchOf,
  type EventBatch,
  type EventCount,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoredEvent,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from './event-store.ts';
import { LogWriterThread } from './log-writer-thread.ts';
import { type AppendOutcome, type AppendToWrite, LogWriter, openLog, rowsOf } from './sqlite-log-writes.ts';

export interface SqliteEventStoreOptions {
  /** How often live subscribers look for commits made by other processes on the same file. */
  pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock before failing. */
  busyTimeoutMs?: number;
  /**
   * Where appends are committed: on the caller's thread (`inline`, the default), or in a
   * writer thread of the store's own (`thread`: the servers), so that the caller's thread
   * serves on while the disk syncs. A file only: `:memory:` is one connection's alone.
   */
  writer?: 'inline' | 'thread';
}

/**
 * A row as an array, in the order of EVENT_COLUMNS: better-sqlite3's raw mode skips building
 * an object per row, which made reading the log about 30% faster (replays read it all).
 */
type EventRow = [
  position: number,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  createdAt: number,
];
const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data, metadata, created_at';

function toRecordedEvent([position, id, streamId, revision, type, data, metadata, createdAt]: EventRow): RecordedEvent {
  return {
    id,
    streamId,
    type,
    data: JSON.parse(data) as unknown,
    metadata: JSON.parse(metadata) as EventMetadata,
    revision,
    position,
    createdAt: new Date(createdAt),
  };
}

interface PendingAppend {
  append: AppendToWrite;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

function settle({ append, resolve, reject }: PendingAppend, outcome: AppendOutcome): void {
  if ('result' in outcome) resolve(outcome.result);
  else if ('conflict' in outcome)
    reject(new WrongExpectedRevisionError(append.streamId, append.expected, outcome.conflict.actual));
  else reject(outcome.error);
}

/**
 * The embedded EventStore: one SQLite file in WAL mode, so the server and a CLI can share it.
 *
 * Subscriptions: every batch waits for `ack()` before the next page is read. A batch has
 * `caughtUp: true` when it reached the head of the log at the time it was read. When a
 * subscription starts with nothing to deliver it emits ONE empty batch `{ events: [],
 * caughtUp: true }` so consumers learn they are live; after that, empty batches never appear.
 */
export class SqliteEventStore implements EventStore {
  readonly adapterName = 'embedded-sqlite';
  /** A group is committed in arrival order (commitPendingAppends). */
  readonly appendsInCallOrder = true;
  private readonly db: Database.Database;
  private readonly statements;
  /** Commits on this thread; or, with a writer thread, undefined. */
  private readonly inlineWriter: LogWriter | undefined;
  private readonly writerThread: LogWriterThread | undefined;
  private readonly pendingAppends: PendingAppend[] = [];
  /** A group is being committed (or about to be): the appends asked for meanwhile wait for the next. */
  private committing = false;
  /** Resolves when no append is pending or being committed (close waits for it). */
  private drained: (() => void) | undefined;
  private readonly wakers = new Set<() => void>();
  private readonly active = new Set<Subscriber<EventBatch>>();
  private readonly pollIntervalMs: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private lastDataVersion = 0;
  private closed = false;

  constructor(filename: string, options: SqliteEventStoreOptions = {}) {
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.db = openLog(filename, busyTimeoutMs);
    this.pollIntervalMs = options.pollIntervalMs ?? 150;
    if (options.writer === 'thread' && filename !== ':memory:') {
      this.writerThread = new LogWriterThread(filename, busyTimeoutMs);
      // started now, so the first command does not wait for it; a failure shows at the first append
      this.writerThread.start().catch(() => undefined);
    } else {
      this.inlineWriter = new LogWriter(this.db);
    }
    const db = this.db;
    this.statements = {
      // LIMIT -1 means "no limit" in SQLite; the (stream_id, revision) key makes each a short walk
      readStream: db
        .prepare<[string, number, number], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
        )
        .raw(),
      readStreamBackwards: db
        .prepare<[string, number, number], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
        )
        .raw(),
      // LIMIT -1 means "no limit" in SQLite.
      readAll: db
        .prepare<[number, number], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(),
      // one statement for any number of positions: they arrive as one JSON array
      readAt: db
        .prepare<[string], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE position IN (SELECT value FROM json_each(?))`,
        )
        .raw(),
      head: db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck(),
      // a walk along the primary key that stops after `limit` rows, whatever the log's length
      countAfter: db
        .prepare<[number, number], [number, number | null]>(
          'SELECT COUNT(*), MAX(position) FROM (SELECT position FROM events WHERE position > ? ORDER BY position LIMIT ?)',
        )
        .raw(),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    };
  }

  /**
   * Appends are committed in groups: every append asked for while the previous group commits
   * (or in the same turn of the event loop) shares one transaction, each in its own savepoint,
   * checked in arrival order, so concurrent commands pay for one commit instead of one each.
   * Each append still succeeds or fails on its own, and its promise settles only after the
   * commit is on disk.
   */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    return new Promise((resolve, reject) => {
      let rows: AppendToWrite['events'];
      try {
        rows = rowsOf(events);
      } catch (error) {
        return reject(error);
      }
      this.pendingAppends.push({ append: { streamId, expected, events: rows }, resolve, reject });
      if (!this.committing) {
        this.committing = true;
        setImmediate(() => void this.commitPendingAppends());
      }
    });
  }

  /** Commits the appends pending now as one group, then the ones that arrived meanwhile. */
  private async commitPendingAppends(): Promise<void> {
    while (this.pendingAppends.length > 0) {
      const group = this.pendingAppends.splice(0);
      let outcomes: AppendOutcome[];
      try {
        const appends = group.map((pending) => pending.append);
        outcomes = this.writerThread ? await this.writerThread.commit(appends) : this.inlineWriter!.commit(appends);
      } catch (error) {
        for (const pending of group) pending.reject(error);
        continue;
      }
      for (let i = 0; i < group.length; i++) settle(group[i], outcomes[i]);
      if (outcomes.some((outcome, i) => 'result' in outcome && group[i].append.events.length > 0))
        this.wakeSubscribers();
      // the commit's answers go out before the next group is gathered
      if (this.pendingAppends.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.committing = false;
    this.drained?.();
    this.drained = undefined;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const { fromRevision, backwards = false, maxCount = -1 } = options;
    if (maxCount === 0) return [];
    const rows = backwards
      ? this.statements.readStreamBackwards.all(streamId, fromRevision ?? Number.MAX_SAFE_INTEGER, maxCount)
      : this.statements.readStream.all(streamId, fromRevision ?? 0, maxCount);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readPage(options.after ?? 0, options.maxCount ?? -1);
  }

  async readAllStored(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    this.assertOpen();
    // the rows as they are: no JSON is parsed, the audit chain hashes the text
    return this.statements.readAll
      .all(options.after ?? 0, options.maxCount ?? -1)
      .map(([position, id, streamId, revision, type, data, metadata, recordedAt]) => ({
        position,
        id,
        streamId,
        revision,
        type,
        data,
        metadata,
        recordedAt,
      }));
  }

  async readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (positions.length === 0) return [];
    const byPosition = new Map<number, RecordedEvent>();
    for (const row of this.statements.readAt.all(JSON.stringify(positions))) {
      const event = toRecordedEvent(row);
      byPosition.set(event.position, event);
    }
    return positions.flatMap((position) => byPosition.get(position) ?? []);
  }

  async headPosition(): Promise<number | null> {
    this.assertOpen();
    return this.statements.head.get() ?? null;
  }

  async countEventsAfter(after: number | null, limit: number): Promise<EventCount> {
    this.assertOpen();
    const row = this.statements.countAfter.get(after ?? 0, Math.max(0, limit));
    return { count: row?.[0] ?? 0, lastPosition: row?.[1] ?? null };
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<EventBatch> {
    const maxBatchSize = options.maxBatchSize ?? 500;
    return new Observable<EventBatch>((subscriber) => {
      if (this.closed) return subscriber.complete();
      let checkpoint = options.after ?? 0;
      let waitingForAck = false;
      let scheduled: NodeJS.Immediate | undefined;
      let announcedCaughtUp = false;

      const pump = (): void => {
        scheduled = undefined;
        if (subscriber.closed || waitingForAck) return;
        let events: RecordedEvent[];
        let caughtUp: boolean;
        try {
          events = this.readPage(checkpoint, maxBatchSize);
          const head = this.statements.head.get() ?? 0;
          caughtUp = events.length === 0 || events[events.length - 1].position >= head;
        } catch (error) {
          subscriber.error(error);
          return;
        }
        // Idle until an append (ours or another process's) wakes us up.
        if (events.length === 0 && announcedCaughtUp) return;
        if (events.length > 0) checkpoint = events[events.length - 1].position;
        if (caughtUp) announcedCaughtUp = true;
        waitingForAck = true;
        subscriber.next(
          batchOf(events, caughtUp, () => {
            waitingForAck = false;
            schedule();
          }),
        );
      };
      // setImmediate keeps a synchronous ack() from recursing and lets I/O run between pages.
      const schedule = (): void => {
        if (scheduled === undefined && !subscriber.closed) scheduled = setImmediate(pump);
      };

      this.active.add(subscriber);
      this.addWaker(schedule);
      schedule();
      return () => {
        if (scheduled !== undefined) clearImmediate(scheduled);
        this.active.delete(subscriber);
        this.removeWaker(schedule);
      };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // appends already asked for are committed, not dropped
    if (this.committing) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const subscriber of [...this.active]) subscriber.complete();
    this.closed = true;
    this.stopPolling();
    await this.writerThread?.close();
    this.db.close();
  }

  private readPage(after: number, limit: number): RecordedEvent[] {
    return this.statements.readAll.all(after, limit).map(toRecordedEvent);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('SqliteEventStore is closed');
  }

  private wakeSubscribers(): void {
    for (const wake of this.wakers) wake();
  }

  private addWaker(wake: () => void): void {
    this.wakers.add(wake);
    if (this.pollTimer === undefined) this.startPolling();
  }

  private removeWaker(wake: () => void): void {
    this.wakers.delete(wake);
    if (this.wakers.size === 0) this.stopPolling();
  }

  /**
   * `PRAGMA data_version` changes only when ANOTHER connection commits, so this cheap poll is
   * how events appended by a CLI in another process reach live subscribers here.
   */
  private startPolling(): void {
    this.lastDataVersion = this.statements.dataVersion.get() ?? 0;
    this.pollTimer = setInterval(() => {
      const version = this.statements.dataVersion.get() ?? 0;
      if (version === this.lastDataVersion) return;
      this.lastDataVersion = version;
      this.wakeSubscribers();
    }, this.pollIntervalMs);
    // A process whose only remaining work is a subscription may still exit.
    this.pollTimer.unref();
  }

  private stopPolling(): void {
    if (this.pollTimer !== undefined) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }
}
