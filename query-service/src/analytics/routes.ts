import {
  analyticsApi,
  isVerifiedClaim,
  notIncludedText,
  planIncludes,
  type ServerOwnerDocument,
  serverReadModels,
  slotLimitsOf,
} from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { subscriberStanding } from '../subscriptions/subscriptions.queries.ts';
import { serverFigures } from './analytics.queries.ts';

/**
 * GET /api/user/analytics (decisions.md §11): the caller's own servers, on plans that include
 * analytics (a read: without them it answers no figures and why, not a refusal). Only servers whose claim is verified (the caller proved they manage them): a
 * server's figures are its owner's business, not a claimer's.
 */
export function analyticsRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(analyticsApi.ownServers, async ({ user }) => {
      const now = new Date();
      const { holding } = await subscriberStanding(deps.readStore, user.id, slotLimitsOf(deps.config), now);
      if (!planIncludes(holding, 'analytics')) {
        return {
          generatedAt: now.toISOString(),
          included: false,
          notIncludedReason: notIncludedText(holding, 'analytics'),
          servers: [],
        };
      }
      const owned = await deps.readStore
        .collection<ServerOwnerDocument>(serverReadModels.serverOwners)
        .find({ userId: user.id }, { sort: { claimedAt: 1, _id: 1 } });
      const verified = owned.filter(isVerifiedClaim).map((owner) => owner._id);
      return {
        generatedAt: now.toISOString(),
        included: true,
        notIncludedReason: null,
        servers: await serverFigures(deps.readStore, verified, now),
      };
    }),
  ];
}
