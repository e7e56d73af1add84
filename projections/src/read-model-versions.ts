import {
  type CollectionSetsDocument,
  collectionSetsId,
  type EventStore,
  forgetCheckpoints,
  type Logger,
  migrateCheckpoints,
  type ReadStore,
  readCheckpoints,
  readCollectionSets,
  readProjectionVersions,
  saveCheckpoints,
  saveCollectionSets,
  saveProjectionVersions,
  type VersionedReadStore,
  versionedCollectionName,
} from '@vip/platform';
import type { Projector } from './projector.ts';

/**
 * A projector's new version being built beside its live read model (blue/green): the runner
 * applies `builder` (the projector under a checkpoint name of its own, `audit@v3`) to the log
 * from position 0, writing the collections under their versioned names, while the live
 * version goes on serving and following the log; once caught up, the readers switch to it.
 */
export interface ReadModelBuild {
  projector: Projector;
  builder: Projector;
  /** Logical name → the physical collection this version is built into. */
  collections: Record<string, string>;
}

export interface ReadModelPlan {
  /** What follows the log live: for each projection, the code that built its active read model. */
  live: Projector[];
  builds: ReadModelBuild[];
}

export const buildCheckpointName = (projector: Projector): string => `${projector.name}@v${projector.version}`;

/** The projector under its build's checkpoint name: the runner keeps the two apart. */
function builderOf(projector: Projector): Projector {
  return { ...projector, name: buildCheckpointName(projector) };
}

/**
 * Decides, at start, what each projection does. A read model built by this version follows
 * the log live. One built by another version keeps serving and following the log (with the
 * `previous` code that built it when the projector kept it) while this version is built beside
 * it, or goes on being built where a restart interrupted that. A projection new to the store is
 * built beside the others the same way. A store holding no read model at all (a first start)
 * is built in place: there is nothing to serve meanwhile. Writes the plan to the store's
 * collection sets and the versions of what is live.
 */
export async function planReadModels(
  eventStore: EventStore,
  store: VersionedReadStore,
  projectors: readonly Projector[],
  logger: Logger,
): Promise<ReadModelPlan> {
  const physical = store.physical;
  await migrateCheckpoints(physical);
  const [checkpoints, versions, sets] = await Promise.all([
    readCheckpoints(physical),
    readProjectionVersions(physical),
    readCollectionSets(physical),
  ]);
  const head = await eventStore.headPosition();
  const fresh = projectors.every((projector) => !checkpoints.has(projector.name));
  const live: Projector[] = [];
  const builds: ReadModelBuild[] = [];
  const dropped: string[] = [];
  const forgotten: string[] = [];
  for (const projector of projectors) {
    const recorded =
      sets.versions[projector.name] ??
      versions.get(projector.name) ??
      (checkpoints.has(projector.name) ? 1 : undefined);
    // built in place: a first start, this version's read model, or one a rebuild in place (its
    // checkpoint forgotten) was building: nothing serves it meanwhile
    const inPlace =
      fresh || recorded === projector.version || (recorded !== undefined && !checkpoints.has(projector.name));
    const pending = sets.building[projector.name];
    const builderName = pending ? `${projector.name}@v${pending.version}` : '';
    // a build with a checkpoint of its own, within the log: one that has not started starts
    // again, its collections emptied (they may hold an earlier attempt's documents)
    const resumable =
      !inPlace &&
      pending?.version === projector.version &&
      checkpoints.has(builderName) &&
      checkpoints.get(builderName)! <= (head ?? 0);
    if (pending && !resumable) {
      // another version's build, a build the log no longer holds, or one no longer needed
      dropped.push(...Object.values(pending.collections));
      forgotten.push(builderName);
      delete sets.building[projector.name];
    }
    if (inPlace) {
      live.push(projector);
      continue;
    }
    if (recorded !== undefined) live.push(liveCodeOf(projector, recorded, logger));
    const collections = resumable ? pending.collections : buildNames(projector, sets);
    const builder = builderOf(projector);
    if (!resumable) {
      // a set of that name left by an earlier build of the same version, or retired and not yet dropped
      for (const name of Object.values(collections)) {
        dropped.push(name);
        delete sets.retired[name];
      }
      forgotten.push(builder.name);
      sets.building[projector.name] = { version: projector.version, collections, startedAt: new Date().toISOString() };
    }
    builds.push({ projector, builder, collections });
  }
  // the checkpoints and the sets first, the collections after: a start that stops in between
  // finds the builds without a checkpoint, and empties their collections again
  await forgetCheckpoints(physical, forgotten);
  await saveCollectionSets(physical, sets);
  store.adopt(sets);
  for (const name of dropped) await physical.dropCollection(name);
  if (builds.length > 0)
    logger.warn(
      {
        building: builds.map(({ projector }) => ({ projection: projector.name, version: projector.version })),
        resuming: builds.filter(({ builder }) => checkpoints.has(builder.name)).map(({ builder }) => builder.name),
      },
      'read models of another version of their projector: building this version beside them; they serve until it has caught up',
    );
  await recordVersions(
    physical,
    live.filter((projector) => projectors.includes(projector)),
    versions,
  );
  return { live, builds };
}

/** Where a new build of the projector goes: its collections under versioned names no reader uses. */
function buildNames(projector: Projector, sets: CollectionSetsDocument): Record<string, string> {
  const inUse = new Set(Object.values(sets.names));
  return Object.fromEntries(
    projector.collections.map((collection) => {
      const name = versionedCollectionName(collection, projector.version);
      // back to a version whose name the live set still has (a rebuild in place kept it)
      return [collection, inUse.has(name) ? `${name}_${Date.now().toString(36)}` : name];
    }),
  );
}

/** The code that built a live read model of `version`: the projector's kept `previous`, else the projector itself. */
function liveCodeOf(projector: Projector, version: number, logger: Logger): Projector {
  for (let older = projector.previous; older; older = older.previous)
    if (older.version === version) return { ...older, name: projector.name };
  logger.warn(
    { projection: projector.name, live: version, building: projector.version },
    'the projector does not keep the code of the live version (previous): its new code follows the live read model until the switch',
  );
  return { ...projector };
}

/**
 * Switches the readers to the builds, which have applied the log up to `position` as the live
 * read models have: one write of the collection sets (the commit point on a store without
 * transactions), then the versions and the checkpoints. The replaced collections are retired,
 * not dropped: a reader in another process follows the switch within its refresh, and only
 * then may they go (dropRetired).
 */
export async function switchToBuilds(
  store: VersionedReadStore,
  builds: readonly ReadModelBuild[],
  position: number,
): Promise<CollectionSetsDocument> {
  const physical = store.physical;
  const sets = await readCollectionSets(physical);
  const now = new Date().toISOString();
  for (const { projector, collections } of builds) {
    for (const name of liveCollections(projector, sets))
      if (!Object.values(collections).includes(name)) sets.retired[name] = now;
    for (const [logical, name] of Object.entries(collections)) sets.names[logical] = name;
    sets.versions[projector.name] = projector.version;
    delete sets.building[projector.name];
  }
  await physical.transaction(async () => {
    await saveCollectionSets(physical, sets);
    await saveProjectionVersions(physical, new Map(builds.map(({ projector }) => [projector.name, projector.version])));
    if (position > 0)
      await saveCheckpoints(
        physical,
        builds.map(({ projector }) => projector.name),
        position,
      );
    await forgetCheckpoints(
      physical,
      builds.map(({ builder }) => builder.name),
    );
  });
  store.adopt(sets);
  return sets;
}

/** The physical collections a projection's live read model may hold: its own, its older versions' and retired ones. */
function liveCollections(projector: Projector, sets: CollectionSetsDocument): string[] {
  const logical = new Set([...projector.collections, ...(projector.retiredCollections ?? [])]);
  for (let older = projector.previous; older; older = older.previous)
    for (const name of [...older.collections, ...(older.retiredCollections ?? [])]) logical.add(name);
  return [...logical].map((name) => sets.names[name] ?? name);
}

/**
 * Drops the collections retired at least `graceMs` ago, once every reader has followed the
 * switch away from them. Returns how many are left to drop later.
 */
export async function dropRetired(store: VersionedReadStore, graceMs: number, now = Date.now()): Promise<number> {
  const physical = store.physical;
  const sets = await readCollectionSets(physical);
  const due = Object.entries(sets.retired).filter(([, at]) => now - Date.parse(at) >= graceMs);
  if (due.length === 0) return Object.keys(sets.retired).length;
  for (const [name] of due) {
    await physical.dropCollection(name);
    delete sets.retired[name];
  }
  await saveCollectionSets(physical, sets);
  store.adopt(sets);
  return Object.keys(sets.retired).length;
}

/**
 * Records the projectors' versions as the ones their read models are built with (an explicit
 * rebuild in place, a first start): in the checkpoints' record, and in the collection sets'
 * where a projection was once built beside another version.
 */
export async function recordVersions(
  readStore: ReadStore,
  projectors: readonly Projector[],
  known?: ReadonlyMap<string, number>,
): Promise<void> {
  const recorded = known ?? (await readProjectionVersions(readStore));
  const changed = projectors.filter((projector) => recorded.get(projector.name) !== projector.version);
  await saveProjectionVersions(readStore, new Map(changed.map((projector) => [projector.name, projector.version])));
  const sets = await readCollectionSets(readStore);
  const stale = projectors.filter(
    (projector) => sets.versions[projector.name] !== undefined && sets.versions[projector.name] !== projector.version,
  );
  if (stale.length === 0) return;
  for (const projector of stale) sets.versions[projector.name] = projector.version;
  await saveCollectionSets(readStore, { ...sets, _id: collectionSetsId });
}
