import type { DomainEvent, EventMetadata, EventType } from '@vip/contracts';
import type { IndexSpec, ReadStore } from '@vip/platform';
import type { DocumentBatch } from './document-batch.ts';

/** A domain event as it was recorded: where it sits in the log and who caused it. */
export type ProjectedEvent<E extends DomainEvent = DomainEvent> = E & {
  streamId: string;
  position: number;
  metadata: EventMetadata;
  createdAt: Date;
};

/**
 * One read model: the events it listens to and how each changes its documents, read and
 * written whole through the batch being applied. Delivery is at least once, so `apply` must
 * be idempotent.
 */
export interface Projector {
  name: string;
  /**
   * The shape of its documents: raised when a change of the projector makes documents built
   * before it wrong. A read store built with another version rebuilds this projection when
   * the runner starts.
   */
  version: number;
  /** Collections this projector owns; a rebuild drops exactly these. */
  collections: readonly string[];
  /** Collections older versions kept and this one no longer does: dropped on a rebuild. */
  retiredCollections?: readonly string[];
  /**
   * The version before this one, kept for a release: while this version is built beside the
   * live read model, the live one goes on following the log with the code that built it. Without
   * it, this version's code follows the live read model until the switch.
   */
  previous?: Projector;
  /** The indexes the queries of its collections need, by collection (built on MongoDB). */
  indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  handles: ReadonlySet<EventType>;
  /** Returns a promise only when it had to wait (for a read): the runner awaits only those. */
  apply(event: ProjectedEvent, documents: DocumentBatch): Promise<void> | void;
}

export function defineProjector<T extends EventType>(projector: {
  name: string;
  version?: number;
  collections: readonly string[];
  retiredCollections?: readonly string[];
  previous?: Projector;
  indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  handles: readonly T[];
  apply(event: ProjectedEvent<Extract<DomainEvent, { type: T }>>, documents: DocumentBatch): Promise<void> | void;
}): Projector {
  return {
    ...projector,
    version: projector.version ?? 1,
    handles: new Set<EventType>(projector.handles),
    apply: projector.apply as Projector['apply'],
  };
}

/** Builds every index the projectors declare (a no-op where the store needs none). */
export async function ensureIndexes(readStore: ReadStore, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) {
    for (const [collection, indexes] of Object.entries(projector.indexes ?? {}))
      await readStore.ensureIndexes(collection, indexes);
  }
}

/** Drops what the projectors built: their collections, and those older versions of them kept. */
export async function dropReadModels(readStore: ReadStore, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) {
    for (const collection of [...projector.collections, ...(projector.retiredCollections ?? [])])
      await readStore.dropCollection(collection);
  }
}
