import { auditPaths, auditWorkbenchPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The audit trail's filters as GET /api/admin/audit takes them (every one optional). */
export interface AuditFilters {
  guildId?: string;
  userId?: string;
  type?: string;
  from?: string;
  to?: string;
}

export interface AuditPageArgs extends AuditFilters {
  before?: number;
}

/** The export's query for the trail's filters: the same range, server, user and type. */
export function exportQueryOf({ guildId, userId, ...rest }: AuditFilters): Record<string, string | undefined> {
  return { server: guildId, user: userId, ...rest };
}

/** The admin's audit trail: the event log, a key's life and a server's settings history. */
export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query({
      ...routeEndpoint(auditPaths.log, (args: AuditPageArgs) => ({ query: { ...args } })),
      providesTags: ['Audit'],
    }),
    getKeyLife: build.query({
      ...routeEndpoint(auditPaths.keyLife, (keyDigest: string) => ({ params: { keyDigest } })),
      providesTags: ['Audit'],
    }),
    getServerSettingsHistory: build.query({
      ...routeEndpoint(auditPaths.serverSettings, (guildId: string) => ({ params: { guildId } })),
      providesTags: ['Audit'],
    }),
    // 202 while the replay builds it (with its progress), then 200 with the state; never stale
    getAuditState: build.query({
      ...routeEndpoint(auditWorkbenchPaths.stateAsOf, (position: number) => ({ params: { position } })),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditPageQuery, useGetKeyLifeQuery, useGetServerSettingsHistoryQuery, useGetAuditStateQuery } =
  auditApi;
