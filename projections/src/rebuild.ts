import {
  forgetCheckpoints,
  migrateCheckpoints,
  type EventStore,
  type Logger,
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
  // dropping a collection drops its indexes too
  await ensureIndexes(readStore, projectors);
  const head = (await eventStore.headPosition()) ?? 0;
  const until = options.until;
  const target = until && 'position' in until ? Math.min(until.position, head) : head;
  const runner = new ProjectionRunner(eventStore, readStore, projectors, options.logger ?? pino({ level: 'silent' }));
  // large pages: one read-store transaction per page, so fewer commits and fewer rewrites of hot documents
  const batchSize = options.batchSize ?? 10_000;
  const started = performance.now();
  let position = 0;
  let events = 0;

  for (;;) {
    const page = await eventStore.readAll({ after: position, maxCount: batchSize });
    const inRange = page.filter((event) => withinLimit(event, until));
    if (inRange.length > 0) {
      await runner.applyEvents(inRange);
      events += inRange.length;
      position = inRange[inRange.length - 1].position;
      const seconds = (performance.now() - started) / 1000;
      options.onProgress?.({ position, target, events, eventsPerSecond: events / Math.max(seconds, 1e-6) });
    }
    if (page.length < batchSize || inRange.length < page.length) break;
  }
  return { events, seconds: (performance.now() - started) / 1000, position };
}

function withinLimit(event: RecordedEvent, until: ReplayLimit | undefined): boolean {
  if (!until) return true;
  return 'position' in until ? event.position <= until.position : event.createdAt.getTime() <= until.time.getTime();
}
