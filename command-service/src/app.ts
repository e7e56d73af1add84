import Koa from 'koa';
import { apiNotFound, correlation, corsFor, errorHandler, identify, jsonBody, securityHeaders, type Authenticator } from '@vip/platform';
import type { CommandDeps } from './core/deps.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';

/** The write side: every POST and DELETE of the API. */
export function createCommandApp(deps: CommandDeps & { authenticator: Authenticator }): Koa {
  const app = new Koa({ proxy: true });
  app.use(errorHandler(deps.logger));
  app.use(correlation);
  app.use(securityHeaders);
  app.use(corsFor(deps.corsOrigin));
  app.use(apiNotFound);
  app.use(jsonBody());
  app.use(identify(deps.authenticator));
  for (const router of [sessionRoutes(deps), announcementRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
