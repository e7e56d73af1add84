import Koa from 'koa';
import {
  accessLog,
  apiNotFound,
  mergeRouters,
  correlation,
  corsFor,
  errorHandler,
  healthRoutes,
  identify,
  metricsEndpoint,
  securityHeaders,
} from '@vip/platform';
import type { QueryDeps } from './deps.ts';
import { userRoutes } from './users/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { serverRoutes } from './servers/routes.ts';
import { greetingRoutes } from './greetings/routes.ts';
import { keyRoutes } from './keys/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { whitelistRoutes } from './whitelist/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { auditRoutes } from './audit/routes.ts';

/** Every router of the read side (the catalogue test compares them with contracts). */
export function queryRouters(deps: QueryDeps, service = 'query-service') {
  return [
    healthRoutes(service, deps.eventStore, deps.readStore, deps.readiness),
    userRoutes(),
    announcementRoutes(deps.readStore),
    serverRoutes(deps),
    greetingRoutes(deps),
    keyRoutes(deps),
    subscriptionRoutes(deps),
    whitelistRoutes(deps),
    statsRoutes(deps),
    auditRoutes(deps),
    openApiRoutes(),
  ];
}

/** The read side: every GET of the API, answered from the read models only. */
export function createQueryApp(deps: QueryDeps, service = 'query-service'): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.use(accessLog(deps.logger, deps.metrics));
  app.use(errorHandler(deps.logger));
  app.use(metricsEndpoint(deps.metrics));
  app.use(correlation);
  app.use(securityHeaders);
  app.use(corsFor(deps.config.corsOrigin));
  app.use(apiNotFound);
  app.use(identify(deps.authenticator));
  const api = mergeRouters(queryRouters(deps, service));
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
