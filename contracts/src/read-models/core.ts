/**
 * The read models: collection names and document shapes, one file per feature. Projections
 * write them, queries read them; both sides import these so they can never disagree. Here:
 * the projections' own bookkeeping.
 */
export const readModels = {
  checkpoints: 'checkpoints',
} as const;

/**
 * The checkpoints collection holds two documents. `positions`: each projection's checkpoint
 * (the position of the last event it applied) as a field named after the projection, written
 * once per batch for every projection of the batch. `versions`: the version each projection's
 * documents were built with (see the runner's start).
 */
export const checkpointDocumentIds = { positions: 'positions', versions: 'versions' } as const;

export type CheckpointsDocument = {
  _id: string;
  updatedAt?: string;
} & { [projection: string]: number | string | undefined };

/** A checkpoint as versions before one document per batch kept it: one document per projection. */
export interface CheckpointDocument {
  _id: string;
  position: number;
  updatedAt: string;
}
