import type { Observable } from 'rxjs';
import { readStoredEvents } from '../audit/stored-events.ts';
import type { Metrics } from '../metrics.ts';
import {
  type AppendResult,
  type EventBatch,
  type EventCount,
  type EventStore,
  type ExpectedRevision,
  isWrongExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoredEvent,
  type SubscribeOptions,
} from './event-store.ts';

/**
 * Any EventStore, counting its appends for /metrics: how many, how many events, and how many
 * lost a race (a conflict the command handler then decides again). Everything else passes
 * straight through.
 */
export class MeteredEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly metrics: Metrics,
  ) {}

  get adapterName(): string {
    return this.inner.adapterName;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.inner.append(streamId, events, expected);
      this.metrics.appends.inc({ outcome: 'ok' });
      this.metrics.eventsAppended.inc(events.length);
      return result;
    } catch (error) {
      this.metrics.appends.inc({ outcome: isWrongExpectedRevision(error) ? 'conflict' : 'error' });
      throw error;
    }
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }
  readAllStored(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return readStoredEvents(this.inner, options);
  }
  readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    return this.inner.readEventsAt(positions);
  }
  subscribeToAll(options?: SubscribeOptions): Observable<EventBatch> {
    return this.inner.subscribeToAll(options);
  }
  headPosition(): Promise<number | null> {
    return this.inner.headPosition();
  }
  countEventsAfter(after: number | null, limit: number): Promise<EventCount> {
    return this.inner.countEventsAfter(after, limit);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
