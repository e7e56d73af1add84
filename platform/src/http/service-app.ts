import Koa from 'koa';
import type { Authenticator } from '../auth/authenticator.ts';
import type { AppConfig } from '../config.ts';
import type { EventStore } from '../event-store/event-store.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import type { Readiness } from '../readiness.ts';
import { proxyTrustOf } from './client-address.ts';
import {
  apiNotFound,
  correlation,
  corsFor,
  errorHandler,
  identify,
  jsonBody,
  rawBodyOn,
  securityHeaders,
} from './middleware.ts';
import { accessLog, metricsEndpoint } from './operations.ts';

/** What an API service's chain and process need of its dependencies (CommandDeps and QueryDeps hold them). */
export interface ApiServiceDeps {
  config: AppConfig;
  logger: Logger;
  metrics: Metrics;
  authenticator: Authenticator;
  eventStore: EventStore;
  readStore: ReadStore;
  readiness: Readiness;
}

/**
 * The one middleware chain of the API services (command-service and query-service, alone or
 * inside the all-in-one); the service adds its routers after it. In this order: the access
 * log; the security headers, on every answer whatever made it (an error, /metrics); the
 * error handler, so a failure is answered as `{ error }` and logged once; /metrics; the
 * correlation id before anything logs or appends; CORS; JSON for an unknown /api path; the
 * JSON body (only the write side reads bodies), except on `rawBodies`, whose bytes stay as
 * they came (a signed webhook); then the caller, for the routes to check.
 */
export function apiServiceApp(
  deps: ApiServiceDeps,
  { readsBodies, service, rawBodies = [] }: { readsBodies: boolean; service: string; rawBodies?: readonly string[] },
): Koa {
  const app = new Koa(proxyTrustOf(deps.config.trustProxyHops));
  app.use(accessLog(deps.logger, deps.metrics));
  app.use(securityHeaders(deps.config));
  app.use(errorHandler(deps.logger));
  // the all-in-one's port is the public one: no /metrics there without the token
  app.use(
    metricsEndpoint(deps.metrics, { token: deps.config.metricsToken, openWithoutToken: service !== 'all-in-one' }),
  );
  app.use(correlation);
  app.use(corsFor(deps.config.corsOrigin));
  app.use(apiNotFound);
  if (readsBodies && rawBodies.length > 0) app.use(rawBodyOn(rawBodies));
  if (readsBodies) app.use(jsonBody());
  app.use(identify(deps.authenticator));
  return app;
}
