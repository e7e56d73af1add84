import { type DomainEvent, parseRecordedEvent } from '@vip/contracts';
import type { EventStore, RecordedEvent, SnapshotStore } from '@vip/platform';
import type { Fold } from './decider.ts';

/** Where a fold reads: the log, and the snapshots of long streams when the process has them. */
export interface FoldStores {
  eventStore: EventStore;
  snapshotStore?: SnapshotStore;
}

/** A state with where it stands in its stream; revision null: the stream does not exist. */
export interface Folded<State> {
  state: State;
  revision: number | null;
}

/**
 * A read that folded more events than this saves a snapshot: a long stream's reads stay this
 * short (plus what one decision appends), and a snapshot is written once every so many events,
 * never on every command.
 */
export const SNAPSHOT_AFTER_EVENTS = 20;

/** What a snapshot of a stream keeps beside the state: the id of the last event folded into it. */
interface SavedFold<State> {
  eventId: string;
  state: State;
}

const snapshotKey = (streamId: string) => `stream:${streamId}`;

/**
 * A stream's current state, read as its fold says (decider.ts `StreamReading`): whole, its last
 * event only, or from its snapshot on. A snapshot is a cache: one that no longer matches the
 * stream (the event it covers has another id: a restored log) is removed and the stream
 * folded from the start; one that cannot be saved costs a longer read next time.
 */
export async function loadFold<State, Event extends DomainEvent>(
  stores: FoldStores,
  streamId: string,
  fold: Fold<State, Event>,
): Promise<Folded<State>> {
  const { eventStore, snapshotStore } = stores;
  const reading = fold.reading;
  if (reading?.kind === 'last-event') {
    const [last] = await eventStore.readStream(streamId, { backwards: true, maxCount: 1 });
    return last
      ? folded(fold, fold.initialState(), [last], last.revision)
      : { state: fold.initialState(), revision: null };
  }
  if (reading?.kind !== 'snapshot' || !snapshotStore) return foldWhole(eventStore, streamId, fold);

  // a cache: a snapshot store that fails costs the whole read, never the decision
  const key = snapshotKey(streamId);
  const saved = await snapshotStore.load<SavedFold<State>>(key).catch(() => null);
  let result: (Folded<State> & { read: RecordedEvent[] }) | undefined;
  if (saved?.version === reading.version) {
    // the covered event comes first: it proves the snapshot is of this very stream
    const events = await eventStore.readStream(streamId, { fromRevision: saved.covers });
    if (events[0]?.id === saved.state.eventId) {
      const after = events.slice(1);
      result = { ...folded(fold, saved.state.state, after, saved.covers + after.length), read: after };
    }
  }
  if (!result) {
    // a restored log, or another version's snapshot (which would keep this version's from being saved)
    if (saved) await snapshotStore.remove(key).catch(() => {});
    result = await foldWhole(eventStore, streamId, fold);
  }
  const last = result.read.at(-1);
  if (last && result.read.length > SNAPSHOT_AFTER_EVENTS) {
    const snapshot = {
      covers: last.revision,
      version: reading.version,
      state: { eventId: last.id, state: result.state },
    };
    await snapshotStore.save(key, snapshot).catch(() => {});
  }
  return { state: result.state, revision: result.revision };
}

async function foldWhole<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  fold: Fold<State, Event>,
): Promise<Folded<State> & { read: RecordedEvent[] }> {
  const events = await eventStore.readStream(streamId);
  return { ...folded(fold, fold.initialState(), events, events.length === 0 ? null : events.length - 1), read: events };
}

function folded<State, Event extends DomainEvent>(
  fold: Fold<State, Event>,
  from: State,
  events: readonly RecordedEvent[],
  revision: number | null,
): Folded<State> {
  let state = from;
  for (const event of events) state = fold.evolve(state, parseRecordedEvent(event) as Event);
  return { state, revision };
}

/**
 * The current state of another stream, as an input to a decision (who owns this server?
 * which plan?), read whole from the log, never from a read model. For streams with a business
 * bound; a long one is read with loadFold and its fold's `reading`.
 */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  evolve: (state: State, event: Event) => State,
  initial: State,
): Promise<Folded<State>> {
  return loadFold({ eventStore: store }, streamId, { evolve, initialState: () => initial });
}
