import type { EventType } from '@vip/contracts';
import {
  saveCheckpoints,
  type Logger,
  type ReadStore,
  type RecordedEvent,
  type VersionedReadStore,
} from '@vip/platform';
import { DocumentBatch } from './document-batch.ts';
import { projectedEvents } from './projected-events.ts';
import type { ProjectedEvent, Projector } from './projector.ts';

/** What a batch is applied with: the runner's stores, routes and checkpoints as they are now. */
export interface ApplyContext {
  /** The store by physical names, written in one transaction. */
  store: ReadStore;
  names: VersionedReadStore;
  /** The projectors of each event type, in projector order. */
  routes: ReadonlyMap<EventType, readonly Projector[]>;
  /** The physical collection each projector's collection names stand for. */
  namesOf: ReadonlyMap<Projector, (collection: string) => string>;
  checkpointOf: (name: string) => number | undefined;
  logger: Logger;
}

export interface AppliedPages {
  /** Events read and applied (0: no page came, nothing was written). */
  applied: number;
  /** Position of the first event applied, and of the last: the projectors' new checkpoint. */
  from: number;
  position: number;
  /** The projected events, when asked to keep them (to announce them on applied$). */
  events: ProjectedEvent[];
  /** The requests that caused them, when the logger writes debug lines. */
  correlationIds: Set<string> | undefined;
}

/**
 * Applies the pages `nextPage` gives to `projectors`, in ONE read-store transaction: each
 * document written once, then the projectors' checkpoints once, until no page comes or
 * `eventLimit` events were applied. A projector skips events at or before its checkpoint, so
 * a batch delivered again (at-least-once) changes nothing.
 */
export async function applyInOneTransaction(
  context: ApplyContext,
  nextPage: () => Promise<RecordedEvent[] | undefined>,
  projectors: readonly Projector[],
  { keepEvents, eventLimit }: { keepEvents: boolean; eventLimit: number },
): Promise<AppliedPages> {
  const { store, names, routes, namesOf, checkpointOf, logger } = context;
  const targets = new Set(projectors);
  const result: AppliedPages = {
    applied: 0,
    from: 0,
    position: 0,
    events: [],
    correlationIds: logger.isLevelEnabled('debug') ? new Set<string>() : undefined,
  };
  /** The pages read so far: a store may run the work again (MongoDB after a transient error). */
  const pages: RecordedEvent[][] = [];
  await store.transaction(async () => {
    // each attempt starts over: a fresh batch, and the same pages first
    const batch = new DocumentBatch(store);
    // each projector sees the batch through its own names (a builder writes its versioned collections)
    const views = new Map<Projector, DocumentBatch>();
    const viewOf = (projector: Projector): DocumentBatch => {
      let view = views.get(projector);
      if (!view) views.set(projector, (view = batch.within(namesOf.get(projector) ?? names.resolve.bind(names))));
      return view;
    };
    Object.assign(result, { applied: 0, from: 0, position: 0 });
    result.events.length = 0;
    result.correlationIds?.clear();
    for (let page = 0; result.applied < eventLimit; page++) {
      const recorded = page < pages.length ? pages[page] : await nextPage();
      if (!recorded || recorded.length === 0) break;
      if (page === pages.length) pages.push(recorded);
      const events = projectedEvents(recorded, logger);
      for (const event of events) {
        const routed = routes.get(event.type);
        if (!routed) continue;
        for (const projector of routed) {
          if (targets.has(projector) && event.position > (checkpointOf(projector.name) ?? -1)) {
            const applying = projector.apply(event, viewOf(projector));
            if (applying) await applying;
          }
        }
      }
      // a batch of many pages: what no projector reads back is written page by page
      if (Number.isFinite(eventLimit) && result.applied + recorded.length < eventLimit) await batch.flushUnread();
      if (result.applied === 0) result.from = recorded[0].position;
      result.applied += recorded.length;
      result.position = recorded[recorded.length - 1].position;
      if (keepEvents) result.events.push(...events);
      if (result.correlationIds) for (const event of recorded) result.correlationIds.add(event.metadata?.correlationId);
    }
    if (result.applied === 0) return;
    // the documents before the checkpoints: on MongoDB (no transaction) a crash in between
    // only makes the batch come again, which the projectors shrug off
    await batch.flush();
    await saveCheckpoints(
      store,
      projectors.map((projector) => projector.name),
      result.position,
    );
  });
  return result;
}
