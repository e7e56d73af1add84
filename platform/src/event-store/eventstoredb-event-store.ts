import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type ReadPosition,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  type StreamingRead,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { EventMetadata } from '@vip/contracts';
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
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from './event-store.ts';

function toClientRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/** The client's fromPosition is inclusive; callers filter out `after` itself. */
function fromPosition(after: number | undefined): ReadPosition {
  return after === undefined ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

/**
 * Iterates a client read. Leaving the loop early cancels the gRPC call; merely destroying the
 * readable would leave the server streaming the rest of $all.
 */
async function* each<E>(read: StreamingRead<E>): AsyncGenerator<E> {
  let finished = false;
  try {
    for await (const item of read) yield item as E;
    finished = true;
  } finally {
    if (!finished) await read.cancel().catch(() => undefined);
  }
}

/**
 * The metadata key that keeps an event's time from the log it was copied from (the rewrite of an
 * old log): EventStoreDB stamps every append with its own clock. Read back, it is the event's time
 * and is taken out of the metadata, so the event reads (and the seals hash it) as in the old log.
 */
const RECORDED_AT = 'recordedAt';

/** Our events only: system events ($stats, $metadata, links, ...) are not part of the product's log. */
function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$')) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  const recorded: RecordedEvent = {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    revision: Number(event.revision),
    position: commit === undefined ? -1 : Number(commit),
    createdAt: event.created,
  };
  const copiedAt = (event.metadata as { [RECORDED_AT]?: unknown } | undefined)?.[RECORDED_AT];
  if (typeof copiedAt !== 'number') return recorded;
  const { [RECORDED_AT]: _, ...metadata } = event.metadata as EventMetadata & { [RECORDED_AT]: number };
  return { ...recorded, metadata, createdAt: new Date(copiedAt) };
}

/**
 * The production EventStore over EventStoreDB. Thin on purpose: the shared contract suite is
 * what proves it behaves like the embedded adapter.
 *
 * Subscriptions: events that arrive together are grouped into one batch (up to maxBatchSize);
 * the gRPC stream is paused until the batch is acked. `caughtUp` comes from the server's
 * caughtUp signal, or from reaching the head position read when the subscription started.
 * As in the embedded adapter, a subscription with nothing to deliver emits one empty
 * `caughtUp: true` batch.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly adapterName = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly active = new Set<Subscriber<EventBatch>>();
  private closed = false;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const data = events.map((event) =>
      jsonEvent({
        id: event.id,
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: (event.recordedAt === undefined
          ? event.metadata
          : { ...event.metadata, [RECORDED_AT]: event.recordedAt }) as unknown as JSONType,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toClientRevision(expected) });
      return {
        nextRevision: Number(result.nextExpectedRevision),
        position: result.position ? Number(result.position.commit) : -1,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : null;
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const { fromRevision, backwards = false, maxCount } = options;
    if (maxCount !== undefined && maxCount <= 0) return events;
    const from = fromRevision === undefined ? (backwards ? END : START) : BigInt(fromRevision);
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: from,
        direction: backwards ? BACKWARDS : FORWARDS,
        ...(maxCount === undefined ? {} : { maxCount: BigInt(maxCount) }),
      })) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { after, maxCount = Number.MAX_SAFE_INTEGER } = options;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // maxCount counts our events, not the system events skipped along the way, so read on
    // until enough were collected; breaking out of the loop cancels the read.
    for await (const resolved of each(this.client.readAll({ fromPosition: fromPosition(after) }))) {
      const event = toRecordedEvent(resolved);
      if (!event || (after !== undefined && event.position <= after)) continue;
      events.push(event);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  /**
   * One short forward read per position (a commit position is where its event starts), in
   * parallel: the audit trail asks for a page of at most a few hundred. Each read asks the
   * server for one event: the first at or after the position is the one there, or there is
   * none (whatever follows starts later), so a read never streams the rest of $all.
   */
  async readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    const found = await Promise.all(
      positions.map(async (position) => {
        const read = this.client.readAll({ fromPosition: fromPosition(position), maxCount: 1n });
        for await (const resolved of each(read)) {
          const event = toRecordedEvent(resolved);
          // a system event there, or an event further on: none of ours is at the position
          return event?.position === position ? event : undefined;
        }
        return undefined;
      }),
    );
    return found.filter((event) => event !== undefined);
  }

  /** The newest non-system event: a checkpoint can never reach a $stats event. */
  async headPosition(): Promise<number | null> {
    for await (const resolved of each(this.client.readAll({ direction: BACKWARDS, fromPosition: END }))) {
      const event = toRecordedEvent(resolved);
      if (event) return event.position;
    }
    return null;
  }

  /**
   * $all has no sequence numbers: the events are read and counted, system events skipped,
   * and the read is cancelled at `limit`, so the cost is bounded whatever the lag.
   */
  async countEventsAfter(after: number | null, limit: number): Promise<EventCount> {
    let count = 0;
    let lastPosition: number | null = null;
    if (limit <= 0) return { count, lastPosition };
    for await (const resolved of each(this.client.readAll({ fromPosition: fromPosition(after ?? undefined) }))) {
      const event = toRecordedEvent(resolved);
      if (!event || (after !== null && event.position <= after)) continue;
      count += 1;
      lastPosition = event.position;
      if (count >= limit) break;
    }
    return { count, lastPosition };
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<EventBatch> {
    const { after, maxBatchSize = 500 } = options;
    return new Observable<EventBatch>((subscriber) => {
      const subscription = this.client.subscribeToAll({ fromPosition: fromPosition(after) });
      const pending: RecordedEvent[] = [];
      let head: number | null | undefined; // undefined until read
      let lastSeen = after ?? -1; // includes skipped system events
      let received = 0;
      let caughtUpAt: number | undefined; // raw event count at the server's caughtUp marker
      let announcedCaughtUp = false;
      let waitingForAck = false;
      let flushScheduled = false;

      const isCaughtUp = (): boolean =>
        pending.length === 0 &&
        ((caughtUpAt !== undefined && received >= caughtUpAt) ||
          (head !== undefined && (head === null || lastSeen >= head)));

      const flush = (): void => {
        flushScheduled = false;
        if (subscriber.closed || waitingForAck) return;
        const events = pending.splice(0, maxBatchSize);
        const caughtUp = isCaughtUp();
        if (events.length === 0 && (announcedCaughtUp || !caughtUp)) {
          subscription.resume();
          return;
        }
        if (caughtUp) announcedCaughtUp = true;
        waitingForAck = true;
        subscription.pause();
        subscriber.next(
          batchOf(events, caughtUp, () => {
            waitingForAck = false;
            scheduleFlush();
          }),
        );
      };
      // Waiting one turn of the event loop groups the events that arrived together.
      const scheduleFlush = (): void => {
        if (flushScheduled) return;
        flushScheduled = true;
        setImmediate(flush);
      };

      subscription.on('data', (resolved: AllStreamResolvedEvent) => {
        received += 1;
        if (resolved.commitPosition !== undefined) lastSeen = Math.max(lastSeen, Number(resolved.commitPosition));
        const event = toRecordedEvent(resolved);
        if (event && (after === undefined || event.position > after)) pending.push(event);
        if (pending.length >= maxBatchSize) subscription.pause();
        scheduleFlush();
      });
      subscription.on('caughtUp', () => {
        // Events still buffered in the paused stream precede the server's marker.
        caughtUpAt = received + subscription.readableLength;
        scheduleFlush();
      });
      subscription.on('error', (error: Error) => subscriber.error(error));
      // the server ended the stream without an error: say so, or the reader would wait forever
      subscription.on('close', () => subscriber.complete());

      this.headPosition().then(
        (position) => {
          head = position;
          scheduleFlush();
        },
        (error: unknown) => subscriber.error(error),
      );

      this.active.add(subscriber);
      return () => {
        this.active.delete(subscriber);
        subscription.removeAllListeners('data');
        subscription.unsubscribe().catch(() => undefined);
      };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const subscriber of [...this.active]) subscriber.complete();
    await this.client.dispose();
  }
}
