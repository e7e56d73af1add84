import type { DomainEvent, EventMetadata, EventType } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

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
  handles: ReadonlySet<EventType>;
  apply(event: ProjectedEvent, store: ReadStore): Promise<void>;
}

export function defineProjector<T extends EventType>(projector: {
  name: string;
  collections: readonly string[];
  handles: readonly T[];
  apply(event: ProjectedEvent<Extract<DomainEvent, { type: T }>>, store: ReadStore): Promise<void>;
}): Projector {
  return { ...projector, handles: new Set<EventType>(projector.handles), apply: projector.apply as Projector['apply'] };
}
