import type { Context, Middleware } from 'koa';
import { bearerToken } from '../auth/authenticator.ts';
import { sameSecret } from '../auth/keyring.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';

/** Path parameters that carry a secret: an access hash is a one-time key to a key page. */
const SECRET_PARAMS = new Set(['hash', 'key', 'token']);
const MAX_LOGGED_PATH = 200;

type RoutedContext = Context & { _matchedRoute?: string | RegExp; params?: Record<string, string> };

/** The route template a request matched (`/api/server/:id`), or what it was when none did. */
export function routeOf(ctx: Context): string {
  const matched = (ctx as RoutedContext)._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  return ctx.path.startsWith('/api/') || ctx.path === '/api' ? 'unmatched' : 'frontend';
}

/**
 * The path as it may be logged: rebuilt from the route template with secret parameters left
 * as their names (`/api/hash/check/:hash`). The query string is never logged.
 */
export function loggablePath(ctx: Context): string {
  const { _matchedRoute: route, params = {} } = ctx as RoutedContext;
  if (typeof route !== 'string') return ctx.path.slice(0, MAX_LOGGED_PATH);
  return route.replace(/:(\w+)/g, (placeholder, name: string) =>
    SECRET_PARAMS.has(name) || params[name] === undefined ? placeholder : encodeURIComponent(params[name]),
  );
}

/**
 * One structured line per request at info (method, path, status, duration, correlation id)
 * and the request counted and timed for /metrics. Never the Authorization header, a body,
 * or the query string. Goes first, so it sees the status the error handler settled on.
 */
export function accessLog(logger: Logger, metrics?: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(ctx);
      metrics?.observeRequest(ctx.method, route, ctx.status, seconds);
      // the line is built only when it is written: a hot GET must not pay for it at warn
      // (no early return here: a return in `finally` would swallow the request's error)
      if (logger.isLevelEnabled('info')) {
        logger.info(
          {
            method: ctx.method,
            path: loggablePath(ctx),
            route,
            status: ctx.status,
            durationMs: Math.round(seconds * 10_000) / 10,
            correlationId: (ctx.state as { correlationId?: string }).correlationId,
          },
          'request',
        );
      }
    }
  };
}

/** Whether the request carries the deployment's metrics token (compared in constant time). */
export function metricsCaller(ctx: Context, metricsToken: string | undefined): boolean {
  const token = bearerToken(ctx.get('authorization'));
  return Boolean(metricsToken && token && sameSecret(token, metricsToken));
}

/** Who may read /metrics: the scraper's token when one is set; without one, anyone only where the port is private. */
export interface MetricsAccess {
  /** METRICS_TOKEN: when set, /metrics answers only a request that carries it. */
  token: string | undefined;
  /**
   * Without a token: true for a service of a deployment, whose port only the deployment
   * reaches (the proxy never forwards /metrics); false for the all-in-one, whose port is
   * the public one: it then serves no /metrics (issue #19 item 5).
   */
  openWithoutToken: boolean;
}

/** GET /metrics in Prometheus' text format: outside /api, so not part of the API catalogue. */
export function metricsEndpoint(metrics: Metrics, access: MetricsAccess): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!access.token && !access.openWithoutToken) return next();
    if (access.token && !metricsCaller(ctx, access.token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.type = 'text/plain';
      ctx.body = 'Unauthorized: /metrics needs the deployment’s METRICS_TOKEN\n';
      return;
    }
    const { contentType, body } = await metrics.exposition();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  };
}
