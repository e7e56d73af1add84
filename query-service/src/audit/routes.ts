import {
  auditApi,
  auditReadModels,
  auditTexts,
  errorCodes,
  serverSettingEvents,
  type AuditDocument,
  type AuditPageResponse,
  type AuditQuery,
  type KeyLifeResponse,
  type ServerSettingsHistoryResponse,
} from '@vip/contracts';
import { DomainError, on, type Filter, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { auditEvents } from './audit-view.ts';
import { settingsHistory } from './settings-history.ts';
import { auditExportRoute } from './export-route.ts';
import { auditStateRoute } from './state-route.ts';

/** The audit query as a read-model filter: every parameter narrows it. */
function filterOf(query: AuditQuery): Filter {
  const filter: Filter = {};
  if (query.guildId) filter.guildIds = query.guildId;
  if (query.userId) filter.userIds = query.userId;
  if (query.type) filter.type = query.type.length === 1 ? query.type[0] : { $in: query.type };
  if (query.from || query.to)
    filter.time = { ...(query.from ? { $gte: query.from } : {}), ...(query.to ? { $lte: query.to } : {}) };
  if (query.before) filter.position = { $lt: query.before };
  return filter;
}

/**
 * The audit trail (admins only): the audit read model finds the events (the log page by page
 * with filters, one key's life, one server's settings history), the log gives their bodies.
 */
export function auditRoutes(deps: QueryDeps): MountedRoute[] {
  const audit = () => deps.readStore.collection<AuditDocument>(auditReadModels.audit);
  const shown = (docs: readonly AuditDocument[]) => auditEvents(deps.eventStore, deps.readStore, docs);

  return [
    // before /api/admin/audit/keys/… and the like: fixed paths of their own
    auditExportRoute(deps),
    auditStateRoute(deps),
    on(auditApi.log, async ({ ctx, query }) => {
      // one more than asked tells whether an older page exists
      const docs = await audit().find(filterOf(query), { sort: { position: -1 }, limit: query.limit + 1 });
      const page = docs.slice(0, query.limit);
      const body: AuditPageResponse = {
        events: await shown(page),
        nextBefore: docs.length > query.limit ? page[page.length - 1].position : null,
      };
      ctx.body = body;
    }),

    on(auditApi.keyLife, async ({ ctx, params: { keyDigest } }) => {
      // every event of the key's life names it, the removals ending its VIP windows included
      const life = await audit().find({ keyDigests: keyDigest }, { sort: { position: 1 } });
      if (!life.some((doc) => doc.type === 'KeyGenerated'))
        throw new DomainError('not_found', auditTexts.keyNotFound, errorCodes.keyNotFound);
      const body: KeyLifeResponse = { keyDigest, events: await shown(life) };
      ctx.body = body;
    }),

    on(auditApi.serverSettings, async ({ ctx, params: { guildId } }) => {
      const docs = await audit().find(
        { guildIds: guildId, type: { $in: Object.keys(serverSettingEvents) } },
        { sort: { position: 1 } },
      );
      const body: ServerSettingsHistoryResponse = { guildId, changes: settingsHistory(await shown(docs), guildId) };
      ctx.body = body;
    }),
  ];
}
