import {
  type AuditDocument,
  type AuditExportQuery,
  type AuditStateReady,
  auditApi,
  auditDocumentId,
  auditReadModels,
  auditTexts,
  auditWorkbenchApi,
  auditWorkbenchDefaults,
  auditWorkbenchTexts,
  errorCodes,
  type RangeBound,
} from '@vip/contracts';
import {
  answeredOnCtx,
  auditExportMetrics,
  auditExportStream,
  DomainError,
  type MountedRoute,
  on,
  redactEventData,
} from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { auditPage, keyLife, settingsEvents } from './audit.queries.ts';
import { auditEvents } from './audit-view.ts';
import { settingNames, settingsHistory } from './settings-history.ts';
import { StateBuilds } from './state-builds.ts';

/**
 * The audit trail (admins only): the audit read model finds the events (the log page by page
 * with filters, one key's life, one server's settings history), the log gives their bodies.
 */
export function auditRoutes(deps: QueryDeps): MountedRoute[] {
  const shown = (docs: readonly AuditDocument[]) => auditEvents(deps.eventStore, deps.readStore, docs);

  return [
    // before /api/admin/audit/keys/… and the like: fixed paths of their own
    auditExportRoute(deps),
    auditStateRoute(deps),
    on(auditApi.log, async ({ query }) => {
      // one more than asked tells whether an older page exists
      const docs = await auditPage(deps.readStore, query, query.limit + 1);
      const page = docs.slice(0, query.limit);
      return {
        events: await shown(page),
        nextBefore: docs.length > query.limit ? page[page.length - 1].position : null,
      };
    }),

    on(auditApi.keyLife, async ({ params: { keyDigest } }) => {
      // every event of the key's life names it, the removals ending its VIP windows included
      const life = await keyLife(deps.readStore, keyDigest);
      if (!life.some((doc) => doc.type === 'KeyGenerated'))
        throw new DomainError('not_found', auditTexts.keyNotFound, errorCodes.keyNotFound);
      return { keyDigest, events: await shown(life) };
    }),

    on(auditApi.serverSettings, async ({ params: { guildId } }) => {
      // the newest changes, each told against the value before it (the priming events set those)
      const { priming, changes } = await settingsEvents(deps.readStore, guildId);
      const history = settingsHistory(await shown([...priming, ...changes]), guildId);
      const shownChanges = history.slice(priming.length);
      return {
        guildId,
        changes: shownChanges,
        names: await settingNames(deps.readStore, guildId, shownChanges),
      };
    }),
  ];
}

const invalid = (text: string) => new DomainError('invalid', text, errorCodes.validation);

/**
 * GET /api/admin/audit/export (admins): the range as NDJSON, streamed from the log page by page
 * (platform's auditExportStream). Checked before the first byte: the bounds lie within the log,
 * from ≤ to, the range spans at most AUDIT_EXPORT_MAX_EVENTS events, and at most
 * AUDIT_EXPORTS_AT_ONCE exports run at once (429 beyond). A client that goes away ends the
 * reading: Koa destroys the stream when the response closes.
 */
function auditExportRoute(deps: QueryDeps): MountedRoute {
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
      return answeredOnCtx;
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
    return answeredOnCtx;
  });
}

/**
 * GET /api/admin/audit/state/:position (admins): "state as of here". The first request starts
 * the replay up to the position and answers 202 with its progress, as do the requests that
 * poll while it builds (on any replica); then 200 with the state, kept for the next ones. A
 * position that holds no event is a 404; a build beyond AUDIT_REPLAYS_AT_ONCE is a 429.
 */
function auditStateRoute(deps: QueryDeps): MountedRoute {
  const builds = new StateBuilds(
    deps.config,
    deps.logger,
    auditExportMetrics(deps.metrics).stateBuilds,
    deps.readStore,
    deps.config.audit.replaysAtOnce,
    auditWorkbenchDefaults.statesKept,
  );
  // at start: what builds killed before this start left behind
  void builds.sweep();
  const noEventAt = (position: number) =>
    new DomainError('not_found', auditWorkbenchTexts.noEventAt(position), errorCodes.notFound);

  return on(auditWorkbenchApi.stateAsOf, async ({ ctx, params: { position } }) => {
    const known = await builds.lookup(position);
    if (known?.status === 'ready') return shown(known);
    if (known?.status === 'missing') throw noEventAt(position);
    if (known?.status === 'failed') throw new Error(auditWorkbenchTexts.replayFailed);
    if (known?.status === 'building') {
      ctx.status = 202;
      ctx.body = known;
      return answeredOnCtx;
    }
    // an event's position is the log's own: the audit index knows it (a number asked for may
    // start no event, and EventStoreDB refuses a read from inside one)
    const indexed = await deps.readStore
      .collection<AuditDocument>(auditReadModels.audit)
      .findOne({ _id: auditDocumentId(position) });
    if (!indexed) throw noEventAt(position);
    if (await builds.full()) {
      ctx.set('Retry-After', '2');
      throw new DomainError('rate_limited', auditWorkbenchTexts.tooManyReplays, errorCodes.rateLimited);
    }
    ctx.status = 202;
    ctx.body = await builds.start(position);
    return answeredOnCtx;
  });
}

/** The read models' documents as the audit trail shows data: digests shortened, nothing secret. */
function shown(state: AuditStateReady): AuditStateReady {
  const redact = (doc: Record<string, unknown> | null) => (doc ? redactEventData(doc).shown : null);
  return {
    ...state,
    servers: state.servers.map((server) => ({
      ...server,
      settings: Object.fromEntries(Object.entries(server.settings).map(([name, doc]) => [name, redact(doc)])),
    })),
    key: state.key && { ...state.key, key: redact(state.key.key), vipRole: redact(state.key.vipRole) },
  };
}
