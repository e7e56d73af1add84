import { statsPaths } from '../routes/stats.ts';
import type { BillingFigures } from './billing.ts';
import { answer, withSchemas } from './route-spec.ts';

export interface DailyKeyFigures {
  date: string; // YYYY-MM-DD, UTC
  generated: number;
  redeemed: number;
}

/** GET /api/admin/stats: the admin Statistics screen. Changes are percentages, null when the base is 0. */
export interface AdminStatsResponse {
  generatedAt: string;
  keys: {
    total: number;
    today: number;
    yesterday: number;
    last7Days: number;
    last30Days: number;
    redeemedTotal: number;
    redeemedToday: number;
    dayOverDay: number | null;
    weekOverWeek: number | null;
  };
  vip: { activeNow: number };
  /**
   * How well the key bot gave and took VIP roles: grants Discord refused, and removals made
   * more than vipRoleTexts.lateRemovalSeconds after the window's end (of all removals).
   */
  vipRoles: {
    grantsFailed: { today: number; last30Days: number };
    removalsLate: { today: number; last30Days: number };
    removalsLast30Days: number;
  };
  /** distinct: each address counted once a day, the days summed (an address's digest changes daily). */
  visitors: { distinct: number; visitsToday: number };
  whitelist: { entries: number; users: number; premiumUsers: number };
  servers: { total: number; members: number };
  /** The last 30 days, oldest first, today last. */
  daily: DailyKeyFigures[];
  /** Plans sold through Stripe: paying subscribers and revenue per plan. */
  billing: BillingFigures;
}

/** GET /api/stats/public: the landing page's stats band. */
export interface PublicStatsResponse {
  activeUsers: number;
  keysGenerated: number;
  serversProtected: number;
  totalMembers: number;
}

export const statsApi = withSchemas(statsPaths, {
  admin: {
    summary: 'Statistics from the projections: keys per day, VIPs, visitors, whitelist, servers',
    response: answer<AdminStatsResponse>(200, 'AdminStatsResponse'),
  },
  public: {
    summary: 'Public figures for the landing page',
    response: answer<PublicStatsResponse>(200, 'PublicStatsResponse'),
  },
});
