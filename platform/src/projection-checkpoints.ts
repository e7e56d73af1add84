import { readModels, type CheckpointDocument } from '@vip/contracts';
import type { ReadStore } from './read-store/read-store.ts';

/** The position each projection has applied, by name. */
export async function readCheckpoints(readStore: ReadStore): Promise<Map<string, number>> {
  const docs = await readStore.collection<CheckpointDocument>(readModels.checkpoints).find({});
  return new Map(docs.map((doc) => [doc._id, doc.position]));
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
  const checkpoints = readStore.collection<CheckpointDocument>(readModels.checkpoints);
  const deadline = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 25)) {
    const checkpoint = await checkpoints.findOne({ _id: projection });
    if (checkpoint && checkpoint.position >= position) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
