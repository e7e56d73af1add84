import {
  auditDocumentId,
  auditReadModels,
  auditWorkbenchApi,
  auditWorkbenchDefaults,
  auditWorkbenchTexts,
  errorCodes,
  type AuditDocument,
  type AuditStateReady,
} from '@vip/contracts';
import { auditExportMetrics, DomainError, on, redactEventData, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { StateBuilds } from './state-builds.ts';

/**
 * GET /api/admin/audit/state/:position (admins): "state as of here". The first request starts
 * the replay up to the position and answers 202 with its progress, as do the requests that
 * poll while it builds (on any replica); then 200 with the state, kept for the next ones. A
 * position that holds no event is a 404; a build beyond AUDIT_REPLAYS_AT_ONCE is a 429.
 */
export function auditStateRoute(deps: QueryDeps): MountedRoute {
  const builds = new StateBuilds(
    deps.config,
    deps.logger,
    auditExportMetrics(deps.metrics).stateBuilds,
    deps.readStore,
    deps.config.audit.replaysAtOnce,
    auditWorkbenchDefaults.statesKept,
  );
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
      return;
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
