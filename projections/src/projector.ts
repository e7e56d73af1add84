import type { DomainEvent, EventMetadata, EventType } from '@vip/contracts';
import type { IndexSpec, ReadStore } from '@vip/platform';

/** A domain event as it was recorded: where it sits in the log and who caused it. */
export type ProjectedEvent<E extends DomainEvent = DomainEvent> = E & {
  streamId: string;
  position: number;
  metadata: EventMetadata;
  createdAt: Date;
};

/**
 * One read model: the events it listens to and how each changes its documents. Delivery is
 * at least once, so `apply` must be idempotent.
 */
export interface Projector {
  name: string;
  /** Collections this projector owns; a rebuild drops exactly these. */
  collections: readonly string[];
  /** The indexes the queries of its collections need, by collection (built on MongoDB). */
  indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  handles: ReadonlySet<EventType>;
  apply(event: ProjectedEvent, store: ReadStore): Promise<void>;
}

export function defineProjector<T extends EventType>(projector: {
  name: string;
  collections: readonly string[];
  indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  handles: readonly T[];
  apply(event: ProjectedEvent<Extract<DomainEvent, { type: T }>>, store: ReadStore): Promise<void>;
}): Projector {
  return { ...projector, handles: new Set<EventType>(projector.handles), apply: projector.apply as Projector['apply'] };
}

/** Builds every index the projectors declare (a no-op where the store needs none). */
export async function ensureIndexes(readStore: ReadStore, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) {
    for (const [collection, indexes] of Object.entries(projector.indexes ?? {}))
      await readStore.ensureIndexes(collection, indexes);
  }
}
