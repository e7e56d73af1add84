import { map, type Observable } from 'rxjs';
import type {
  AppendResult,
  EventBatch,
  EventCount,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoredEvent,
  SubscribeOptions,
} from '../src/event-store/event-store.ts';

/** A read from a position no event starts at: what EventStoreDB answers for a position inside a record. */
export class PositionNotHandedOutError extends Error {
  readonly name = 'PositionNotHandedOutError';
  constructor(readonly position: number) {
    super(`Read position ${position} is invalid: no event starts there (a position computed, not one the log gave)`);
  }
}

/**
 * A log whose positions are sparse, as EventStoreDB's byte offsets are: each position the
 * store underneath gives is handed out as `position × 1000 + 37`, and a read from any
 * position that is not one of those (nor 0, the log's start) is refused. Code that computes
 * a position (`from − 1`, `head − checkpoint`) instead of taking one the log gave fails here
 * as it would on EventStoreDB, while the embedded log (1, 2, 3...) would let it pass.
 */
export class LogOwnPositions implements EventStore {
  readonly adapterName: string;
  /** Positions refused so far (a test may assert there were none). */
  readonly refused: number[] = [];

  constructor(private readonly inner: EventStore) {
    this.adapterName = `${inner.adapterName} (positions as offsets)`;
  }

  private out(position: number): number {
    return position * 1000 + 37;
  }
  private outEvent<E extends RecordedEvent | StoredEvent>(event: E): E {
    return { ...event, position: this.out(event.position) };
  }
  /** The position underneath, or a refusal. */
  private in(position: number): number {
    if (position === 0) return 0;
    if (!Number.isSafeInteger(position) || position < 1037 || (position - 37) % 1000 !== 0) {
      this.refused.push(position);
      throw new PositionNotHandedOutError(position);
    }
    return (position - 37) / 1000;
  }
  private inAfter(after: number | undefined): number | undefined {
    return after === undefined ? undefined : this.in(after);
  }

  async append(streamId: string, events: NewEvent[], expected: Parameters<EventStore['append']>[2]) {
    const result: AppendResult = await this.inner.append(streamId, events, expected);
    return { ...result, position: this.out(result.position) };
  }
  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map((event) => this.outEvent(event));
  }
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events = await this.inner.readAll({ ...options, after: this.inAfter(options.after) });
    return events.map((event) => this.outEvent(event));
  }
  async readAllStored(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const after = this.inAfter(options.after);
    const events = this.inner.readAllStored ? await this.inner.readAllStored({ ...options, after }) : undefined;
    if (!events) throw new Error('the store underneath reads no stored events');
    return events.map((event) => this.outEvent(event));
  }
  async readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    const events = await this.inner.readEventsAt(positions.map((position) => this.in(position)));
    return events.map((event) => this.outEvent(event));
  }
  subscribeToAll(options: SubscribeOptions = {}): Observable<EventBatch> {
    return this.inner
      .subscribeToAll({ ...options, after: this.inAfter(options.after) })
      .pipe(map((batch) => ({ ...batch, events: batch.events.map((event) => this.outEvent(event)) })));
  }
  async headPosition(): Promise<number | null> {
    const head = await this.inner.headPosition();
    return head === null ? null : this.out(head);
  }
  async countEventsAfter(after: number | null, limit: number): Promise<EventCount> {
    const counted = await this.inner.countEventsAfter(after === null ? null : this.in(after), limit);
    return { ...counted, lastPosition: counted.lastPosition === null ? null : this.out(counted.lastPosition) };
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
