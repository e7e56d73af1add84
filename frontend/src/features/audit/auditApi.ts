import type {
  AuditPageResponse,
  AuditStateResponse,
  KeyLifeResponse,
  ServerSettingsHistoryResponse,
} from '@vip/contracts';
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
export function exportQueryOf(filters: AuditFilters): string {
  const { guildId, userId, ...rest } = filters;
  return queryString({ server: guildId, user: userId, ...rest });
}

function queryString(args: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The admin's audit trail: the event log, a key's life and a server's settings history. */
export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query<AuditPageResponse, AuditPageArgs>({
      query: (args) => `/admin/audit${queryString(args)}`,
      providesTags: ['Audit'],
    }),
    getKeyLife: build.query<KeyLifeResponse, string>({
      query: (keyDigest) => `/admin/audit/keys/${encodeURIComponent(keyDigest)}`,
      providesTags: ['Audit'],
    }),
    getServerSettingsHistory: build.query<ServerSettingsHistoryResponse, string>({
      query: (guildId) => `/admin/audit/servers/${encodeURIComponent(guildId)}/settings`,
      providesTags: ['Audit'],
    }),
    // 202 while the replay builds it (with its progress), then 200 with the state; never stale
    getAuditState: build.query<AuditStateResponse, number>({
      query: (position) => `/admin/audit/state/${position}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditPageQuery, useGetKeyLifeQuery, useGetServerSettingsHistoryQuery, useGetAuditStateQuery } =
  auditApi;
