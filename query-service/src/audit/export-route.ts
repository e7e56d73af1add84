import {
  auditReadModels,
  auditWorkbenchApi,
  auditWorkbenchTexts,
  errorCodes,
  type AuditDocument,
  type AuditExportQuery,
  type RangeBound,
} from '@vip/contracts';
import { auditExportMetrics, auditExportStream, DomainError, on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

const invalid = (text: string) => new DomainError('invalid', text, errorCodes.validation);

/**
 * GET /api/admin/audit/export (admins): the range as NDJSON, streamed from the log page by page
 * (platform's auditExportStream). Checked before the first byte: the bounds lie within the log,
 * from ≤ to, the range spans at most AUDIT_EXPORT_MAX_EVENTS events, and at most
 * AUDIT_EXPORTS_AT_ONCE exports run at once (429 beyond). A client that goes away ends the
 * reading: Koa destroys the stream when the response closes.
 */
export function auditExportRoute(deps: QueryDeps): MountedRoute {
  const { maxEvents, atOnce } = {
    maxEvents: deps.config.audit.exportMaxEvents,
    atOnce: deps.config.audit.exportsAtOnce,
  };
  const metrics = auditExportMetrics(deps.metrics);
  const audit = () => deps.readStore.collection<AuditDocument>(auditReadModels.audit);
  let running = 0;

  /** The position a bound stands for: itself, or the first (last) event at or after (before) the time. */
  async function positionOf(bound: RangeBound, side: 'from' | 'to', head: number): Promise<number | null> {
    if ('position' in bound) {
      if (bound.position > head) throw invalid(auditWorkbenchTexts.beyondHead(side, head));
      return bound.position;
    }
    // the {time, position} index: the log's times follow its order
    const [doc] = await audit().find(
      side === 'from' ? { time: { $gte: bound.time } } : { time: { $lte: bound.time } },
      side === 'from' ? { sort: { time: 1, position: 1 }, limit: 1 } : { sort: { time: -1, position: -1 }, limit: 1 },
    );
    return doc ? doc.position : null;
  }

  async function rangeOf(query: AuditExportQuery): Promise<{ from: number; to: number } | null> {
    const head = (await deps.eventStore.headPosition()) ?? 0;
    if (head === 0) return null;
    const from = query.from ? await positionOf(query.from, 'from', head) : 1;
    const to = query.to ? await positionOf(query.to, 'to', head) : head;
    if (from === null || to === null) return null;
    if (from > to) {
      // positions the caller gave the wrong way round; times that hold no event are an empty range
      if (query.from && 'position' in query.from && query.to && 'position' in query.to)
        throw invalid(auditWorkbenchTexts.fromAfterTo);
      return null;
    }
    // counted from the event before `from`, found in the audit index: positions are the log's
    // own, never arithmetic (on EventStoreDB `from − 1` lies inside a record, and the read fails)
    const [before] = await audit().find({ position: { $lt: from } }, { sort: { position: -1 }, limit: 1 });
    const counted = await deps.eventStore.countEventsAfter(before ? before.position : null, maxEvents + 1);
    if (counted.count > maxEvents && counted.lastPosition !== null && counted.lastPosition <= to)
      throw invalid(auditWorkbenchTexts.tooLong(maxEvents));
    return { from, to };
  }

  return on(auditWorkbenchApi.export, async ({ ctx, query }) => {
    if (running >= atOnce) {
      ctx.set('Retry-After', '10');
      throw new DomainError('rate_limited', auditWorkbenchTexts.tooManyExports, errorCodes.rateLimited);
    }
    const range = await rangeOf(query);
    const name = range ? `audit-${range.from}-${range.to}.ndjson` : 'audit-empty.ndjson';
    ctx.type = 'application/x-ndjson';
    ctx.attachment(name);
    ctx.set('Cache-Control', 'no-store');
    if (!range) {
      const exportedAt = new Date().toISOString();
      const lines = [
        {
          kind: 'range',
          from: null,
          to: null,
          server: query.server ?? null,
          types: query.type ?? null,
          exportedAt,
          anchor: null,
        },
        { kind: 'end', lines: 0, lastPosition: null, sealed: false },
      ];
      ctx.body = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
      return;
    }
    running++;
    metrics.running.inc();
    const stream = auditExportStream(
      deps.eventStore,
      deps.readStore,
      { ...range, server: query.server, user: query.user, types: query.type },
      { onRead: (events) => metrics.eventsRead.inc(events) },
    );
    stream.once('close', () => {
      running--;
      metrics.running.dec();
    });
    stream.once('error', (error) => deps.logger.error({ err: error }, 'an audit export failed while streaming'));
    ctx.body = stream;
  });
}
