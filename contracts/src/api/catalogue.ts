import { analyticsApi } from './analytics.ts';
import { announcementsApi } from './announcements.ts';
import { auditApi } from './audit.ts';
import { auditWorkbenchApi } from './audit-workbench.ts';
import { authApi } from './auth.ts';
import { billingApi } from './billing.ts';
import { botSettingsApi } from './bot-settings.ts';
import { discordApi } from './discord.ts';
import { greetingsApi } from './greetings.ts';
import { healthApi } from './health.ts';
import { keysApi } from './keys.ts';
import { privacyApi } from './privacy.ts';
import type { RouteSpec } from './route-spec.ts';
import { serversApi } from './servers.ts';
import { siteApi } from './site.ts';
import { sponsorsApi } from './sponsors.ts';
import { statsApi } from './stats.ts';
import { subscriptionsApi } from './subscriptions.ts';
import { suspensionsApi } from './suspensions.ts';
import { verificationMessageApi } from './verification-message.ts';
import { vipRolesApi } from './vip-roles.ts';
import { whitelistApi } from './whitelist.ts';

/**
 * Every call of the API. The services mount handlers only from these (platform's mountRoutes
 * refuses a spec missing here), and the catalogue test checks that nothing else is served.
 */
const features = [
  authApi,
  announcementsApi,
  healthApi,
  serversApi,
  greetingsApi,
  keysApi,
  subscriptionsApi,
  whitelistApi,
  statsApi,
  discordApi,
  botSettingsApi,
  auditApi,
  auditWorkbenchApi,
  suspensionsApi,
  verificationMessageApi,
  analyticsApi,
  siteApi,
  sponsorsApi,
  vipRolesApi,
  billingApi,
  privacyApi,
] as const;

export const apiCatalogue: readonly RouteSpec[] = features.flatMap((feature): RouteSpec[] => Object.values(feature));

/** Each route of a feature, one by one. */
type RoutesOf<Feature> = Feature extends unknown ? Feature[keyof Feature] : never;
/** Any route of the catalogue with its exact types: a caller finds its route's here by method and path. */
export type CataloguedSpec = RoutesOf<(typeof features)[number]>;
