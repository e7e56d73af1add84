import type { RouteSpec } from './route-spec.ts';
import { authRoutes } from './auth.ts';
import { announcementsRoutes } from './announcements.ts';
import { healthRoutes } from './health.ts';
import { serversRoutes } from './servers.ts';
import { greetingsRoutes } from './greetings.ts';
import { keysRoutes } from './keys.ts';
import { subscriptionsRoutes } from './subscriptions.ts';
import { whitelistRoutes } from './whitelist.ts';
import { statsRoutes } from './stats.ts';
import { botSettingsRoutes } from './bot-settings.ts';
import { auditRoutes } from './audit.ts';

/** Every call of the API. A route served but missing here fails the catalogue test. */
export const apiCatalogue: readonly RouteSpec[] = [
  ...authRoutes,
  ...announcementsRoutes,
  ...healthRoutes,
  ...serversRoutes,
  ...greetingsRoutes,
  ...keysRoutes,
  ...subscriptionsRoutes,
  ...whitelistRoutes,
  ...statsRoutes,
  ...botSettingsRoutes,
  ...auditRoutes,
];
