import { readModels } from '@vip/contracts';
import type { EventStore, Logger, ReadStore } from '@vip/platform';
import { pino } from 'pino';
import type { Projector } from './projector.ts';
import { ProjectionRunner } from './runner.ts';

export interface RebuildProgress {
  applied: number;
  total: number;
  eventsPerSecond: number;
}

/**
 * Drops the given read models and replays them from position 0. Run it while nothing else
 * projects into the same store (the server stopped, or a scratch store).
 */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projectors: readonly Projector[],
  options: { logger?: Logger; onProgress?: (progress: RebuildProgress) => void; batchSize?: number } = {},
): Promise<{ events: number; seconds: number }> {
  for (const projector of projectors) {
    for (const collection of projector.collections) await readStore.dropCollection(collection);
    await readStore.collection(readModels.checkpoints).deleteOne({ _id: projector.name });
  }
  const total = (await eventStore.headPosition()) ?? 0;
  const started = performance.now();
  const runner = new ProjectionRunner(eventStore, readStore, projectors, options.logger ?? pino({ level: 'silent' }), options.batchSize ?? 2000);
  let applied = 0;
  const progress = runner.applied$.subscribe(({ events, position }) => {
    applied += events.length;
    const seconds = (performance.now() - started) / 1000;
    options.onProgress?.({ applied: position, total, eventsPerSecond: applied / Math.max(seconds, 1e-6) });
  });
  await runner.start();
  await runner.stop();
  progress.unsubscribe();
  return { events: applied, seconds: (performance.now() - started) / 1000 };
}
