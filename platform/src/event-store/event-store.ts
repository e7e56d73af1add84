import type { EventMetadata } from '@vip/contracts';
import type { Observable } from 'rxjs';

/**
 * The EventStore port (docs/architecture.md "Ports"). Positions are global, strictly increasing
 * numbers in `$all`; revisions count events within one stream from 0. Both are plain
 * numbers: an EventStoreDB commit position only leaves the safe-integer range after
 * 9 PB of log.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Optional idempotency id (uuid); generated when absent. */
  id?: string;
  /**
   * When the log recorded it, in milliseconds since 1970: set only by the rewrite of an old log,
   * which keeps each event's time. The embedded log writes it as its time; EventStoreDB, which
   * stamps its own, keeps it in the metadata and reads it back as the event's time.
   */
  recordedAt?: number;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Index of the event in its stream, from 0. */
  revision: number;
  /** Position in `$all`; a checkpoint is the position of the last event applied. */
  position: number;
  createdAt: Date;
}

/**
 * An event as the log stores it: data and metadata as the JSON text that was written, not
 * parsed. The audit chain hashes this text (platform/src/audit/seal-chain.ts): parsing every
 * event again only to hash it would cost a reading of the whole log.
 */
export interface StoredEvent {
  position: number;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  /** When the log recorded it, in milliseconds since 1970. */
  recordedAt: number;
}

export interface AppendResult {
  /** Revision of the last event written. */
  nextRevision: number;
  /** Position of the last event written. */
  position: number;
}

/**
 * A page of events from a subscription. The producer fetches the next page only after
 * `ack()` is called, so a slow consumer is never flooded (backpressure).
 */
export interface EventBatch {
  events: RecordedEvent[];
  /** true when this batch reached the head of the log (the catch-up phase is over). */
  caughtUp: boolean;
  ack(): void;
}

/**
 * A batch whose `ack` counts once, as both adapters hand them out: the first call releases
 * the next page (`next`), a second call of the same batch's ack is ignored, so a consumer
 * that acks twice never gets two pages running at once.
 */
export function batchOf(events: RecordedEvent[], caughtUp: boolean, next: () => void): EventBatch {
  let acked = false;
  return {
    events,
    caughtUp,
    ack: () => {
      if (acked) return;
      acked = true;
      next();
    },
  };
}

export interface SubscribeOptions {
  /** Position of the last event already processed; omitted = from the beginning. */
  after?: number;
  /** Largest batch handed out at once. */
  maxBatchSize?: number;
}

/**
 * Part of one stream: from a revision on (a snapshot covers what came before), or its last
 * events newest first (the last seal). Decisions read bounded parts, never a whole long stream.
 */
export interface ReadStreamOptions {
  /** First revision to read (forwards) or the newest revision to start from (backwards). */
  fromRevision?: number;
  /** Newest first. */
  backwards?: boolean;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive start position; omitted = from the beginning. */
  after?: number;
  maxCount?: number;
}

export interface EventCount {
  count: number;
  /** Position of the last event counted; null when none was. */
  lastPosition: number | null;
}

export interface EventStore {
  readonly adapterName: string;
  /**
   * True when appends asked for without waiting for each other are written in the order they
   * were asked (the embedded log's group commit): a copy of a log may then send a page at once.
   * Elsewhere (EventStoreDB) only an append awaited before the next keeps the order.
   */
  readonly appendsInCallOrder?: boolean;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order (or the part asked for); [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** `$all` forward, in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * `$all` forward as stored, data and metadata unparsed (the audit chain). Optional: an adapter
   * whose client hands events over parsed leaves it out, and readStoredEvents writes them again.
   */
  readAllStored?(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * The events at these positions, in the order asked; a position that holds no event of
   * ours is left out. For the audit trail, whose read model indexes the log by position.
   */
  readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]>;
  /** Catch up from `after`, then stay live; completes only when unsubscribed or closed. */
  subscribeToAll(options?: SubscribeOptions): Observable<EventBatch>;
  /** Position of the newest event, or null for an empty log. */
  headPosition(): Promise<number | null>;
  /**
   * How many events of ours the log holds after `after` (null: from the start), counting at
   * most `limit`, and the position of the last one counted. Projection lag in events: on
   * EventStoreDB positions are byte offsets, so `head − checkpoint` is no count.
   */
  countEventsAfter(after: number | null, limit: number): Promise<EventCount>;
  close(): Promise<void>;
}

/** The stream was not at the revision the writer decided on. */
export class WrongExpectedRevisionError extends Error {
  readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or null when the stream does not exist. */
    readonly actual: number | null,
  ) {
    super(
      `Stream ${streamId}: expected revision ${String(expected)}, actual ${actual === null ? 'no stream' : actual}`,
    );
  }
}

export function isWrongExpectedRevision(error: unknown): error is WrongExpectedRevisionError {
  return error instanceof WrongExpectedRevisionError;
}
