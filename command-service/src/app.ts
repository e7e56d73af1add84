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
  jsonBody,
  metricsEndpoint,
  securityHeaders,
} from '@vip/platform';
import type { CommandDeps } from './core/deps.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { guildRoutes } from './guilds/routes.ts';
import { userServerRoutes } from './user-servers/routes.ts';
import { greetingRoutes } from './greetings/routes.ts';
import { keyRoutes } from './keys/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { whitelistRoutes } from './whitelist/routes.ts';
import { botSettingsRoutes } from './bot-settings/routes.ts';

/** Every router of the write side (the catalogue test compares them with contracts). */
export function commandRouters(deps: CommandDeps) {
  return [
    sessionRoutes(deps),
    announcementRoutes(deps),
    guildRoutes(deps),
    userServerRoutes(deps),
    greetingRoutes(deps),
    keyRoutes(deps),
    subscriptionRoutes(deps),
    whitelistRoutes(deps),
    botSettingsRoutes(deps),
  ];
}

/**
 * The write side: every POST and DELETE of the API. It also answers its own health and
 * readiness probes and /metrics (the proxy sends every GET to query-service, so these are
 * for the orchestrator and Prometheus talking to this process directly).
 */
export function createCommandApp(deps: CommandDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.use(accessLog(deps.logger, deps.metrics));
  app.use(errorHandler(deps.logger));
  app.use(metricsEndpoint(deps.metrics));
  app.use(correlation);
  app.use(securityHeaders);
  app.use(corsFor(deps.config.corsOrigin));
  app.use(apiNotFound);
  app.use(jsonBody());
  app.use(identify(deps.authenticator));
  app.use(healthRoutes('command-service', deps.eventStore, deps.readStore, deps.readiness).routes());
  const api = mergeRouters(commandRouters(deps));
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
