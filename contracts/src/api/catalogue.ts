import type { RouteSpec } from './route-spec.ts';
import { authApi } from './auth.ts';
import { announcementsApi } from './announcements.ts';
import { healthApi } from './health.ts';
import { serversApi } from './servers.ts';
import { greetingsApi } from './greetings.ts';
import { keysApi } from './keys.ts';
import { subscriptionsApi } from './subscriptions.ts';
import { whitelistApi } from './whitelist.ts';
import { statsApi } from './stats.ts';
import { botSettingsApi } from './bot-settings.ts';
import { auditApi } from './audit.ts';
import { auditWorkbenchApi } from './audit-workbench.ts';
import { suspensionsApi } from './suspensions.ts';
import { verificationMessageApi } from './verification-message.ts';
import { analyticsApi } from './analytics.ts';
import { discordApi } from './discord.ts';
import { siteApi } from './site.ts';
import { sponsorsApi } from './sponsors.ts';
import { vipRolesApi } from './vip-roles.ts';
import { billingApi } from './billing.ts';
import { privacyApi } from './privacy.ts';

/**
 * Every call of the API. The services mount handlers only from these (platform's mountRoutes
 * refuses a spec missing here), and the catalogue test checks that nothing else is served.
 */
export const apiCatalogue: readonly RouteSpec[] = [
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
].flatMap((feature): RouteSpec[] => Object.values(feature));
