import type Router from '@koa/router';
import { apiServiceApp, healthChecks, type MountedRoute, mountRoutes } from '@vip/platform';
import type Koa from 'koa';
import { analyticsRoutes } from './analytics/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import type { QueryDeps } from './deps.ts';
import { discordRoutes } from './discord/routes.ts';
import { greetingRoutes } from './greetings/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { keyRoutes } from './keys/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { serverRoutes } from './servers/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { sponsorRoutes } from './sponsors/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { suspensionRoutes } from './suspensions/routes.ts';
import { verificationMessageRoutes } from './verification-message/routes.ts';
import { whitelistRoutes } from './whitelist/routes.ts';

/** Every route of the read side, each mounted from its spec in the catalogue. */
export function queryRoutes(deps: QueryDeps, service = 'query-service'): MountedRoute[] {
  return [
    ...healthChecks(service, deps.eventStore, deps.readStore, deps.readiness, {
      metricsToken: deps.config.metricsToken,
      // the all-in-one runs the bots beside this service: its health can say whether they run
      botsHere: service === 'all-in-one',
    }),
    ...authRoutes(),
    ...announcementRoutes(deps.readStore),
    ...serverRoutes(deps),
    ...greetingRoutes(deps),
    ...keyRoutes(deps),
    // after the fixed /api/user/* paths: GET /api/user/:id leaves what is not a user id to them
    ...subscriptionRoutes(deps),
    ...whitelistRoutes(deps),
    ...statsRoutes(deps),
    ...auditRoutes(deps),
    ...suspensionRoutes(deps),
    ...verificationMessageRoutes(deps),
    ...analyticsRoutes(deps),
    ...discordRoutes(deps),
    ...siteRoutes(deps),
    ...sponsorRoutes(deps),
    ...privacyRoutes(deps),
    ...healthRoutes(),
  ];
}

/** One router for the whole read side (the catalogue test reads what it serves). */
export function queryRouter(deps: QueryDeps, service = 'query-service'): Router {
  return mountRoutes(queryRoutes(deps, service), deps.config);
}

/** The read side: every GET of the API, answered from the read models only. */
export function createQueryApp(deps: QueryDeps, service = 'query-service'): Koa {
  const app = apiServiceApp(deps, { readsBodies: false, service });
  const api = queryRouter(deps, service);
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
