import { type CheckpointsDocument, checkpointDocumentIds, readModels } from '@vip/contracts';
import type { Collection, ReadStore } from './read-store/read-store.ts';

const { positions: POSITIONS, versions: VERSIONS } = checkpointDocumentIds;
const checkpointsOf = (readStore: ReadStore): Collection<CheckpointsDocument> =>
  readStore.collection<CheckpointsDocument>(readModels.checkpoints);
/** A document of an older version: `{ _id: projection, position }`. */
const isLegacy = (doc: CheckpointsDocument): boolean =>
  doc._id !== POSITIONS && doc._id !== VERSIONS && typeof doc.position === 'number';

/** The position each projection has applied, by name. */
export async function readCheckpoints(readStore: ReadStore): Promise<Map<string, number>> {
  const docs = await checkpointsOf(readStore).find({});
  const checkpoints = new Map<string, number>();
  // until the runner starts once, a store built by an older version has one document per projection
  for (const doc of docs) if (isLegacy(doc)) checkpoints.set(doc._id, doc.position as number);
  const current = docs.find((doc) => doc._id === POSITIONS);
  for (const [name, position] of Object.entries(current ?? {}))
    if (typeof position === 'number') checkpoints.set(name, position);
  return checkpoints;
}

/** Moves the projections' checkpoints to `position`: one write, whatever their number. */
export async function saveCheckpoints(readStore: ReadStore, projections: readonly string[], position: number) {
  const fields: Record<string, unknown> = {};
  for (const name of projections) fields[name] = position;
  fields.updatedAt = new Date().toISOString();
  await checkpointsOf(readStore).updateOne({ _id: POSITIONS }, { $set: fields }, { upsert: true });
}

/** Forgets the projections' checkpoints (they start again from position 0). */
export async function forgetCheckpoints(readStore: ReadStore, projections: readonly string[]): Promise<void> {
  if (projections.length === 0) return;
  const checkpoints = checkpointsOf(readStore);
  await checkpoints.updateOne({ _id: POSITIONS }, { $unset: Object.fromEntries(projections.map((name) => [name, 1])) });
  await checkpoints.deleteMany({ _id: { $in: [...projections] } });
}

/**
 * Brings checkpoints kept the older way (one document per projection) into the one document,
 * then deletes them. Harmless to repeat.
 */
export async function migrateCheckpoints(readStore: ReadStore): Promise<void> {
  const legacy = (await checkpointsOf(readStore).find({})).filter(isLegacy);
  if (legacy.length === 0) return;
  const current = await checkpointsOf(readStore).findOne({ _id: POSITIONS });
  const fields: Record<string, unknown> = {};
  // a position already in the one document is newer than the old document's
  for (const doc of legacy) if (typeof current?.[doc._id] !== 'number') fields[doc._id] = doc.position;
  if (Object.keys(fields).length > 0)
    await checkpointsOf(readStore).updateOne({ _id: POSITIONS }, { $set: fields }, { upsert: true });
  await checkpointsOf(readStore).deleteMany({ _id: { $in: legacy.map((doc) => doc._id) } });
}

/** The version each projection's documents were built with; a projection not listed was built with version 1. */
export async function readProjectionVersions(readStore: ReadStore): Promise<Map<string, number>> {
  const doc = await checkpointsOf(readStore).findOne({ _id: VERSIONS });
  return new Map(Object.entries(doc ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

export async function saveProjectionVersions(readStore: ReadStore, versions: ReadonlyMap<string, number>) {
  if (versions.size === 0) return;
  await checkpointsOf(readStore).updateOne({ _id: VERSIONS }, { $set: Object.fromEntries(versions) }, { upsert: true });
}

/**
 * Read-your-writes for a command whose answer the caller will immediately read back:
 * wait until the projection has applied `position`. Gives up quietly after `timeoutMs`
 * (the write is durable either way; the read model just lags).
 */
export async function waitForProjection(
  readStore: ReadStore,
  projection: string,
  position: number,
  timeoutMs = 2000,
): Promise<boolean> {
  const checkpoints = checkpointsOf(readStore);
  const deadline = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 25)) {
    const current = (await checkpoints.findOne({ _id: POSITIONS }))?.[projection];
    // a projections process of an older version still writes one document per projection
    const applied = typeof current === 'number' ? current : (await checkpoints.findOne({ _id: projection }))?.position;
    if (typeof applied === 'number' && applied >= position) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
