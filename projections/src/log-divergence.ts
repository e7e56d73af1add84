import {
  type DivergencePolicy,
  divergenceMessage,
  type EventStore,
  forgetCheckpoints,
  LogDivergenceError,
  type Logger,
  type ReadStore,
  readModelsAheadOfLog,
} from '@vip/platform';
import { dropReadModels, type Projector } from './projector.ts';

/**
 * Read models ahead of the log (its tail lost, or restored from a backup) must not be served,
 * nor followed from their checkpoints: the events appended next would be skipped. Refuses
 * with a LogDivergenceError naming `npm run rebuild`, or, with the 'rebuild' policy, drops
 * those read models and forgets their checkpoints so the runner builds them again from the
 * log. Returns the names of the read models to be rebuilt.
 */
export async function settleDivergence(
  eventStore: EventStore,
  readStore: ReadStore,
  projectors: readonly Projector[],
  policy: DivergencePolicy,
  logger: Logger,
): Promise<string[]> {
  const divergence = await readModelsAheadOfLog(
    eventStore,
    readStore,
    projectors.map((projector) => projector.name),
  );
  if (!divergence) return [];
  if (policy === 'refuse') {
    logger.fatal({ divergence }, divergenceMessage(divergence));
    throw new LogDivergenceError(divergence);
  }
  const ahead = new Set(divergence.ahead.map((projection) => projection.name));
  const diverged = projectors.filter((projector) => ahead.has(projector.name));
  const names = diverged.map((projector) => projector.name);
  logger.warn(
    { divergence, rebuilding: names },
    'read models ahead of the event log: rebuilding them from the log (REBUILD_ON_DIVERGENCE=true)',
  );
  // the documents first: a crash in between leaves the checkpoints ahead, and the next start rebuilds again
  await dropReadModels(readStore, diverged);
  await forgetCheckpoints(readStore, names);
  return names;
}
