import { personInStreamId, personOf } from '@vip/contracts';
import { concatMap, from, map, type Observable } from 'rxjs';
import { readStoredEvents } from '../audit/stored-events.ts';
import type {
  AppendResult,
  EventBatch,
  EventCount,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoredEvent,
  SubscribeOptions,
} from '../event-store/event-store.ts';
import { decryptData, encryptData, personsIn, pseudonymsIn } from './personal-data-codec.ts';
import type { PersonalKeys } from './personal-keys.ts';

/**
 * Any EventStore, with personal data written so that a person's erasure makes it unreadable
 * (contracts/src/events/personal-data.ts). On the way in, each personal field is encrypted with
 * its person's key, and a stream named after a person (`vip-<guild>-{discord:<id>}`) is written
 * under the person's pseudonym; on the way out, fields are opened again, or read as "erased
 * person" once the key is destroyed. Deciders, projectors and bots see plain values; the log,
 * its seals and its copies hold only ciphertext. Stored reads (the audit chain) pass through:
 * the seals cover what is stored.
 *
 * A person's stream written before this codec (its id in clear) is read and continued where it
 * is, until the operator's rewrite gives it the pseudonym.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    readonly personalKeys: PersonalKeys,
  ) {}

  get adapterName(): string {
    return this.inner.adapterName;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const persons = events.flatMap((event) => personsIn(event.type, event.data));
    const named = personInStreamId(streamId);
    const target = named ? await this.streamToWrite(named) : streamId;
    const entries = await this.personalKeys.entriesFor(persons);
    const stored = events.map((event) => ({ ...event, data: encryptData(event.type, event.data, entries) }));
    return this.inner.append(target, stored, expected);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const named = personInStreamId(streamId);
    if (!named) return this.opened(await this.inner.readStream(streamId, options));
    const clear = `${named.before}${named.id}${named.after}`;
    const entry = await this.personalKeys.find(personOf(named.kind, named.id));
    if (entry) {
      const events = await this.inner.readStream(`${named.before}${entry.pseudonym}${named.after}`, options);
      if (events.length > 0 || !(await this.hasEvents(clear))) return this.opened(events);
    }
    return this.opened(await this.inner.readStream(clear, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.opened(await this.inner.readAll(options));
  }
  readAllStored(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return readStoredEvents(this.inner, options);
  }
  async readEventsAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    return this.opened(await this.inner.readEventsAt(positions));
  }
  subscribeToAll(options?: SubscribeOptions): Observable<EventBatch> {
    // one batch at a time, in order: the keys of a batch are read once, and the ack still paces the feed
    return this.inner
      .subscribeToAll(options)
      .pipe(concatMap((batch) => from(this.opened(batch.events)).pipe(map((events) => ({ ...batch, events })))));
  }
  headPosition(): Promise<number | null> {
    return this.inner.headPosition();
  }
  countEventsAfter(after: number | null, limit: number): Promise<EventCount> {
    return this.inner.countEventsAfter(after, limit);
  }
  async close(): Promise<void> {
    await this.inner.close();
    await this.personalKeys.close();
  }

  /** The stored name of a person's stream: its pseudonym, unless the stream was begun in clear before this codec. */
  private async streamToWrite(named: NonNullable<ReturnType<typeof personInStreamId>>): Promise<string> {
    const clear = `${named.before}${named.id}${named.after}`;
    const person = personOf(named.kind, named.id);
    const known = await this.personalKeys.find(person);
    if (known) {
      const pseudonymous = `${named.before}${known.pseudonym}${named.after}`;
      if ((await this.hasEvents(pseudonymous)) || !(await this.hasEvents(clear))) return pseudonymous;
      return clear;
    }
    if (await this.hasEvents(clear)) return clear;
    const entry = (await this.personalKeys.entriesFor([person])).get(person)!;
    return `${named.before}${entry.pseudonym}${named.after}`;
  }

  private async hasEvents(streamId: string): Promise<boolean> {
    return (await this.inner.readStream(streamId, { backwards: true, maxCount: 1 })).length > 0;
  }

  /** The events with their personal fields opened: the keys they need are read at once. */
  private async opened(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const pseudonyms = events.flatMap((event) => pseudonymsIn(event.type, event.data));
    if (pseudonyms.length === 0) return events;
    const keys = await this.personalKeys.keysOf(pseudonyms);
    return events.map((event) => {
      const data = decryptData(event.type, event.data, keys);
      return data === event.data ? event : { ...event, data };
    });
  }
}
