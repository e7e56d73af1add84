import {
  type EventStore,
  forgetCheckpoints,
  type Logger,
  migrateCheckpoints,
  type ReadStore,
  type RecordedEvent,
} from '@vip/platform';
import { pino } from 'pino';
import { dropReadModels, ensureIndexes, type Projector } from './projector.ts';
import { recordVersions } from './read-model-versions.ts';
import { ProjectionRunner } from './runner.ts';

export interface RebuildProgress {
  /** Log position reached. */
  position: number;
  /** Position the rebuild runs to. */
  target: number;
  events: number;
  eventsPerSecond: number;
}

/** Where a replay stops: after a log position, or after the last event at or before a time. */
export type ReplayLimit = { position: number } | { time: Date };

export interface RebuildOptions {
  logger?: Logger;
  onProgress?: (progress: RebuildProgress) => void;
  /** Events read from the log at once. */
  pageSize?: number;
  /** Events applied as one batch (one transaction, each document written once). */
  batchSize?: number;
  until?: ReplayLimit;
}

/**
 * Drops the given read models and replays them from position 0 (up to `until` when given).
 * Run it while nothing else projects into the same store: the server stopped, or a scratch
 * store. It pulls pages from the log itself, so it never outruns the read store.
 */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projectors: readonly Projector[],
  options: RebuildOptions = {},
): Promise<{ events: number; seconds: number; position: number }> {
  await migrateCheckpoints(readStore);
  await dropReadModels(readStore, projectors);
  await forgetCheckpoints(
    readStore,
    projectors.map((projector) => projector.name),
  );
  await recordVersions(readStore, projectors);
  const head = (await eventStore.headPosition()) ?? 0;
  const until = options.until;
  const target = until && 'position' in until ? Math.min(until.position, head) : head;
  const runner = new ProjectionRunner(eventStore, readStore, projectors, options.logger ?? pino({ level: 'silent' }));
  const pageSize = options.pageSize ?? 5_000;
  // large batches: a document many pages touch is written once per batch; bounded, so that the
  // documents a batch holds fit in memory whatever the log's length. One transaction per batch,
  // or several where the store bounds the documents of a transaction (MongoDB)
  const batchSize = options.batchSize ?? 50_000;
  const started = performance.now();
  let position = 0;
  let events = 0;
  let done = false;
  const report = () => {
    const seconds = (performance.now() - started) / 1000;
    options.onProgress?.({ position, target, events, eventsPerSecond: events / Math.max(seconds, 1e-6) });
  };
  // the next page of the log within the limit; read before the batch's transaction opens
  const nextPage = async (): Promise<RecordedEvent[] | undefined> => {
    if (done) return undefined;
    const page = await eventStore.readAll({ after: position, maxCount: pageSize });
    const handedOut = page.filter((event) => withinLimit(event, until));
    done = page.length < pageSize || handedOut.length < page.length;
    if (handedOut.length > 0) position = handedOut[handedOut.length - 1].position;
    // counted as it is read: every page read is applied before the batch returns
    events += handedOut.length;
    report();
    return handedOut;
  };
  while (!done) await runner.applyPages(nextPage, batchSize);
  // dropping a collection dropped its indexes: built again over the replayed documents, at
  // once, rather than entry by entry during the replay (which reads documents by _id only)
  await ensureIndexes(readStore, projectors);
  return { events, seconds: (performance.now() - started) / 1000, position };
}

function withinLimit(event: RecordedEvent, until: ReplayLimit | undefined): boolean {
  if (!until) return true;
  return 'position' in until ? event.position <= until.position : event.createdAt.getTime() <= until.time.getTime();
}
