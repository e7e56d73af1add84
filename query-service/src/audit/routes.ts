import Router from '@koa/router';
import {
  auditGuildIdParamSchema,
  auditQuerySchema,
  auditReadModels,
  auditTexts,
  keyDigestParamSchema,
  serverSettingEvents,
  type AuditDocument,
  type AuditPageResponse,
  type AuditQuery,
  type KeyLifeResponse,
  type ServerSettingsHistoryResponse,
} from '@vip/contracts';
import { DomainError, requireAdmin, validate, type Filter } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { toAuditView } from './audit-view.ts';
import { settingsHistory } from './settings-history.ts';

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
 * The audit trail (admins only), read from the audit read model: the log page by page with
 * filters, one key's life, and one server's settings history.
 */
export function auditRoutes(deps: QueryDeps): Router {
  const router = new Router();
  const audit = () => deps.readStore.collection<AuditDocument>(auditReadModels.audit);

  router.get('/api/admin/audit', async (ctx) => {
    requireAdmin(ctx);
    const query = validate(auditQuerySchema, ctx.query);
    // one more than asked tells whether an older page exists
    const docs = await audit().find(filterOf(query), { sort: { position: -1 }, limit: query.limit + 1 });
    const page = docs.slice(0, query.limit);
    const body: AuditPageResponse = {
      events: page.map(toAuditView),
      nextBefore: docs.length > query.limit ? page[page.length - 1].position : null,
    };
    ctx.body = body;
  });

  router.get('/api/admin/audit/keys/:keyDigest', async (ctx) => {
    requireAdmin(ctx);
    const keyDigest = validate(keyDigestParamSchema, ctx.params.keyDigest);
    const life = await audit().find({ keyDigest }, { sort: { position: 1 } });
    if (!life.some((doc) => doc.type === 'KeyGenerated'))
      throw new DomainError('not_found', auditTexts.keyNotFound, 'key_not_found');
    // the role the key granted ends with the first removal for that member and server after the grant
    for (const grant of life.filter((doc) => doc.type === 'VipRoleGranted')) {
      const [guildId, discordUserId] = [grant.data.guildId as string, grant.data.discordUserId as string];
      const [removal] = await audit().find(
        { type: 'VipRoleRemoved', guildIds: guildId, userIds: discordUserId, position: { $gt: grant.position } },
        { sort: { position: 1 }, limit: 1 },
      );
      if (removal && !life.some((doc) => doc.position === removal.position)) life.push(removal);
    }
    life.sort((a, b) => a.position - b.position);
    const body: KeyLifeResponse = { keyDigest, events: life.map(toAuditView) };
    ctx.body = body;
  });

  router.get('/api/admin/audit/servers/:guildId/settings', async (ctx) => {
    requireAdmin(ctx);
    const guildId = validate(auditGuildIdParamSchema, ctx.params.guildId);
    const docs = await audit().find(
      { guildIds: guildId, type: { $in: Object.keys(serverSettingEvents) } },
      { sort: { position: 1 } },
    );
    const body: ServerSettingsHistoryResponse = { guildId, changes: settingsHistory(docs, guildId) };
    ctx.body = body;
  });

  return router;
}
