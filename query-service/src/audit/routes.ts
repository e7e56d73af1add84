import {
  auditApi,
  auditTexts,
  errorCodes,
  type AuditDocument,
  type AuditPageResponse,
  type KeyLifeResponse,
  type ServerSettingsHistoryResponse,
} from '@vip/contracts';
import { DomainError, on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { auditPage, keyLife, settingsEvents } from './audit-queries.ts';
import { auditEvents } from './audit-view.ts';
import { settingsHistory } from './settings-history.ts';
import { auditExportRoute } from './export-route.ts';
import { auditStateRoute } from './state-route.ts';

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
    on(auditApi.log, async ({ ctx, query }) => {
      // one more than asked tells whether an older page exists
      const docs = await auditPage(deps.readStore, query, query.limit + 1);
      const page = docs.slice(0, query.limit);
      const body: AuditPageResponse = {
        events: await shown(page),
        nextBefore: docs.length > query.limit ? page[page.length - 1].position : null,
      };
      ctx.body = body;
    }),

    on(auditApi.keyLife, async ({ ctx, params: { keyDigest } }) => {
      // every event of the key's life names it, the removals ending its VIP windows included
      const life = await keyLife(deps.readStore, keyDigest);
      if (!life.some((doc) => doc.type === 'KeyGenerated'))
        throw new DomainError('not_found', auditTexts.keyNotFound, errorCodes.keyNotFound);
      const body: KeyLifeResponse = { keyDigest, events: await shown(life) };
      ctx.body = body;
    }),

    on(auditApi.serverSettings, async ({ ctx, params: { guildId } }) => {
      // the newest changes, each told against the value before it (the priming events set those)
      const { priming, changes } = await settingsEvents(deps.readStore, guildId);
      const history = settingsHistory(await shown([...priming, ...changes]), guildId);
      const body: ServerSettingsHistoryResponse = { guildId, changes: history.slice(priming.length) };
      ctx.body = body;
    }),
  ];
}
