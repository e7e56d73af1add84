import {
  forgetCheckpoints,
  migrateCheckpoints,
  readCheckpoints,
  readProjectionVersions,
  saveProjectionVersions,
  type Logger,
  type ReadStore,
} from '@vip/platform';
import { dropReadModels, type Projector } from './projector.ts';

/**
 * Makes sure no projection serves documents an older (or newer) version of its projector
 * built: each such read model is dropped and its checkpoint forgotten, so the runner builds
 * it again from position 0 while the others resume where they were. Then every projection's
 * version is recorded. Returns the names of the projections to be rebuilt.
 */
export async function upgradeReadModels(
  readStore: ReadStore,
  projectors: readonly Projector[],
  logger: Logger,
): Promise<string[]> {
  await migrateCheckpoints(readStore);
  const [checkpoints, versions] = await Promise.all([readCheckpoints(readStore), readProjectionVersions(readStore)]);
  // a read model built before versions were recorded was built with version 1
  const outdated = projectors.filter(
    (projector) =>
      (checkpoints.has(projector.name) || versions.has(projector.name)) &&
      (versions.get(projector.name) ?? 1) !== projector.version,
  );
  const names = outdated.map((projector) => projector.name);
  if (outdated.length > 0) {
    logger.warn(
      { projections: names },
      'read models built by another version of their projector: rebuilding them from the log',
    );
    await dropReadModels(readStore, outdated);
    await forgetCheckpoints(readStore, names);
  }
  await recordVersions(readStore, projectors, versions);
  return names;
}

/** Records the projectors' versions as the ones their read models are built with. */
export async function recordVersions(
  readStore: ReadStore,
  projectors: readonly Projector[],
  known?: ReadonlyMap<string, number>,
): Promise<void> {
  const recorded = known ?? (await readProjectionVersions(readStore));
  const changed = projectors.filter((projector) => recorded.get(projector.name) !== projector.version);
  await saveProjectionVersions(readStore, new Map(changed.map((projector) => [projector.name, projector.version])));
}
