import type { EventType } from '@vip/contracts';
import {
  type Logger,
  type ReadStore,
  type RecordedEvent,
  saveCheckpoints,
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
  /** Pages read but not applied, the document limit being reached: the next transaction's. */
  left: RecordedEvent[][];
}

/**
 * Reads the pages `nextPage` gives until it gives none or `eventLimit` events were read, all
 * before a transaction opens: a transaction never waits on the log (MongoDB aborts one that
 * lives longer than its lifetime limit, 60 s by default).
 */
export async function readPages(
  nextPage: () => Promise<RecordedEvent[] | undefined>,
  eventLimit: number,
): Promise<RecordedEvent[][]> {
  const pages: RecordedEvent[][] = [];
  for (let read = 0; read < eventLimit; ) {
    const page = await nextPage();
    if (!page || page.length === 0) break;
    pages.push(page);
    read += page.length;
  }
  return pages;
}

/**
 * Applies `pages` (read beforehand) to `projectors`, in ONE read-store transaction: each
 * document written once, then the projectors' checkpoints once. The transaction ends after
 * the event that brings the documents it writes to `documentLimit` (a MongoDB transaction
 * too large for the server's cache is aborted, and run again in vain until withTransaction
 * gives up); the events after it are handed back in `left`. A projector skips events at or
 * before its checkpoint, so a batch delivered again (at-least-once) changes nothing.
 */
export async function applyInOneTransaction(
  context: ApplyContext,
  given: readonly RecordedEvent[][],
  projectors: readonly Projector[],
  { keepEvents, documentLimit = Number.POSITIVE_INFINITY }: { keepEvents: boolean; documentLimit?: number },
): Promise<AppliedPages> {
  const { store, names, routes, namesOf, checkpointOf, logger } = context;
  const targets = new Set(projectors);
  const result: AppliedPages = {
    applied: 0,
    from: 0,
    position: 0,
    events: [],
    correlationIds: logger.isLevelEnabled('debug') ? new Set<string>() : undefined,
    left: [],
  };
  const pages = given.filter((page) => page.length > 0);
  if (pages.length === 0) return result;
  const manyPages = pages.length > 1;
  // the store may run the work again (MongoDB after a transient error): each run starts over
  await store.transaction(async () => {
    const batch = new DocumentBatch(store);
    // each projector sees the batch through its own names (a builder writes its versioned collections)
    const views = new Map<Projector, DocumentBatch>();
    const viewOf = (projector: Projector): DocumentBatch => {
      let view = views.get(projector);
      if (!view) views.set(projector, (view = batch.within(namesOf.get(projector) ?? names.resolve.bind(names))));
      return view;
    };
    Object.assign(result, { applied: 0, from: 0, position: 0, left: [] });
    result.events.length = 0;
    result.correlationIds?.clear();
    for (let page = 0; page < pages.length; page++) {
      const recorded = pages[page];
      const events = projectedEvents(recorded, logger);
      /** The position after which this transaction stops, when the document limit is reached inside the page. */
      let cut: number | undefined;
      for (const event of events) {
        const routed = routes.get(event.type);
        if (!routed) continue;
        for (const projector of routed) {
          if (targets.has(projector) && event.position > (checkpointOf(projector.name) ?? -1)) {
            const applying = projector.apply(event, viewOf(projector));
            if (applying) await applying;
          }
        }
        if (batch.documents >= documentLimit) {
          cut = event.position;
          break;
        }
      }
      const taken = cut === undefined ? recorded : recorded.filter((event) => event.position <= cut);
      const rest = cut === undefined ? [] : recorded.filter((event) => event.position > cut);
      // a batch of many pages: what no projector reads back is written page by page
      if (manyPages) await batch.flushUnread();
      if (result.applied === 0) result.from = taken[0].position;
      result.applied += taken.length;
      result.position = taken[taken.length - 1].position;
      if (keepEvents) result.events.push(...events.filter((event) => event.position <= result.position));
      if (result.correlationIds) for (const event of taken) result.correlationIds.add(event.metadata?.correlationId);
      if (cut !== undefined) {
        result.left = [...(rest.length > 0 ? [rest] : []), ...pages.slice(page + 1)];
        break;
      }
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
