import type { Context, Middleware } from 'koa';
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

/** GET /metrics in Prometheus' text format: outside /api, so not part of the API catalogue. */
export function metricsEndpoint(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const { contentType, body } = await metrics.exposition();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  };
}
