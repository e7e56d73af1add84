import Koa from 'koa';
import { apiNotFound, correlation, corsFor, errorHandler, healthRoutes, identify, securityHeaders } from '@vip/platform';
import type { QueryDeps } from './deps.ts';
import { userRoutes } from './users/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';

/** The read side: every GET of the API, answered from the read models only. */
export function createQueryApp(deps: QueryDeps, service = 'query-service'): Koa {
  const app = new Koa({ proxy: true });
  app.use(errorHandler(deps.logger));
  app.use(correlation);
  app.use(securityHeaders);
  app.use(corsFor(deps.corsOrigin));
  app.use(apiNotFound);
  app.use(identify(deps.authenticator));
  for (const router of [healthRoutes(service, deps.eventStore, deps.readStore), userRoutes(), announcementRoutes(deps.readStore)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
