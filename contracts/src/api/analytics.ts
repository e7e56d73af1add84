import { analyticsPaths } from '../routes/analytics.ts';
import { answer, withSchemas } from './route-spec.ts';
import type { DailyKeyFigures } from './stats.ts';

/** One of the owner's servers, as the Analytics tab shows it (decisions.md §11). */
export interface ServerAnalytics {
  guildId: string;
  /** As the key bot last reported it; null when it never did. */
  serverName: string | null;
  /** The last 30 days, oldest first, today last. */
  daily: (DailyKeyFigures & { visits: number })[];
  keysGenerated30d: number;
  keysRedeemed30d: number;
  visits30d: number;
  /** Keys redeemed per key generated over the 30 days, in percent; null when none was generated. */
  redemptionRate: number | null;
  /** Members holding the VIP role there now: open key windows and standing whitelist entries, each member once. */
  activeVipNow: number;
}

/**
 * GET /api/user/analytics: the caller's own servers only, while their plan includes analytics;
 * otherwise no figures, and why (which plan has them, or that theirs ended).
 */
export interface AnalyticsResponse {
  generatedAt: string;
  /** The caller's plan includes analytics now. */
  included: boolean;
  /** Why not, when not: "Analytics comes with the Business plan", or that the plan ended. */
  notIncludedReason: string | null;
  servers: ServerAnalytics[];
}

export const analyticsApi = withSchemas(analyticsPaths, {
  ownServers: {
    summary: "Per-server figures of the caller's own servers (plans with analytics; otherwise none, and why)",
    response: answer<AnalyticsResponse>(200, 'AnalyticsResponse'),
  },
});
