import { isKnownEventType, parseRecordedEvent } from '@vip/contracts';
import type { Logger, RecordedEvent } from '@vip/platform';
import type { ProjectedEvent } from './projector.ts';

/** The recorded events as the projectors take them: parsed, upcast to today's shape, ours only. */
export function projectedEvents(recorded: readonly RecordedEvent[], logger: Logger): ProjectedEvent[] {
  const projected: ProjectedEvent[] = [];
  for (const event of recorded) {
    // events of types this version does not know (written by a newer one) are not ours
    if (!isKnownEventType(event.type)) continue;
    try {
      const domain = parseRecordedEvent(event);
      projected.push({
        type: domain.type,
        data: domain.data,
        streamId: event.streamId,
        position: event.position,
        metadata: event.metadata,
        createdAt: event.createdAt,
      } as ProjectedEvent);
    } catch (error) {
      // the log is immutable: a malformed event is reported, never allowed to stop every read model
      logger.error(
        { err: error, position: event.position, type: event.type },
        'skipping an event that does not match its schema',
      );
    }
  }
  return projected;
}

/** Correlation ids logged per batch at most: a catch-up batch may hold thousands. */
const LOGGED_CORRELATIONS = 20;

/** The debug line of a committed batch: where it went, and the requests that caused it. */
export function logBatch(
  logger: Logger,
  batch: {
    from: number;
    position: number;
    events: number;
    projections: string | string[];
    correlationIds: ReadonlySet<string>;
    started: number;
  },
): void {
  const { correlationIds, started, ...fields } = batch;
  const ids = [...correlationIds];
  logger.debug(
    {
      ...fields,
      correlationIds: ids.slice(0, LOGGED_CORRELATIONS),
      moreCorrelationIds: Math.max(0, ids.length - LOGGED_CORRELATIONS),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    },
    'projected a batch',
  );
}
