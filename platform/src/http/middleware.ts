import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import { type BotName, errorTexts } from '@vip/contracts';
import type { Context, Middleware } from 'koa';
import { type Authenticator, bearerToken, SessionNotYetKnown, type SignedInUser } from '../auth/authenticator.ts';
import { sameSecret } from '../auth/keyring.ts';
import { DomainError, statusOfKind } from '../domain-error.ts';
import type { Logger } from '../logger.ts';
import { loggablePath } from './operations.ts';

export interface AppState {
  correlationId: string;
  user?: SignedInUser;
  /** A valid token whose session the read models, still catching up, do not hold yet: 503 where a user is needed. */
  sessionNotYetKnown?: SessionNotYetKnown;
  /** On a bot route, the bot its service token stands for: the one the route's spec names. */
  bot?: BotName;
  /** The request's bytes as they came, on the paths given to rawBodyOn only. */
  rawBody?: Buffer;
}

/** What a client error of the body reader says, by its status (any other: the body is not JSON). */
const clientErrorTexts: Partial<Record<number, string>> = {
  413: 'Request body too large',
  415: errorTexts.compressedBody,
};

/** Every answer that fails is `{ error }` with the right status; nothing unexpected leaks. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) {
        // a refusal for now, not for good (the password hashing queue is full)
        const { retryAfterSeconds } = error as { retryAfterSeconds?: number };
        if (retryAfterSeconds) ctx.set('Retry-After', String(retryAfterSeconds));
        ctx.status = statusOfKind[error.kind];
        ctx.body = { error: error.message, code: error.code };
        return;
      }
      const status = (error as { status?: number }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // koa / body parser client errors: bad JSON, too large, compressed, wrong content type
        ctx.status = status;
        ctx.body = { error: clientErrorTexts[status] ?? errorTexts.malformedBody };
        // which request codings are taken: none but the plain bytes
        if (status === 415) ctx.set('Accept-Encoding', 'identity');
        return;
      }
      logger.error(
        { err: error, correlationId: ctx.state.correlationId, method: ctx.method, path: loggablePath(ctx) },
        'request failed',
      );
      ctx.status = 500;
      ctx.body = { error: errorTexts.internal };
    }
  };
}

/** Joins a request to the events it causes: the id is echoed and stored in event metadata. */
export const correlation: Middleware = async (ctx, next) => {
  const incoming = ctx.get('x-correlation-id');
  ctx.state.correlationId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  ctx.set('x-correlation-id', ctx.state.correlationId);
  await next();
};

/**
 * The pages' Content-Security-Policy (issue #19 item 8): scripts only from the site's own
 * files (the page's one inline script is the settings block, JSON that never runs); styles
 * may be inline, since the toaster writes its styles into the page at run time; images
 * also from https (Discord's CDN, server icons); the socket and API on the same origin.
 * platform/deploy/frontend.nginx.conf sends the same policy (a test compares them).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** A year: browsers that saw it come back over https only (HSTS). */
const STRICT_TRANSPORT = 'max-age=31536000';

/** Whether the product's public address is https: then HSTS, and the sign-in cookie is Secure. */
export function servedOverHttps(publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith('https://') ?? false;
}

/**
 * Headers of every answer; HSTS too when the public address is https (PUBLIC_URL). They are
 * set before the rest of the chain runs, so that an answer made by a thrown error (401, 404,
 * 500) or by /metrics carries them as well as a route's; an error that reaches Koa's own
 * handler, which drops every header but the error's, takes them along.
 */
export function securityHeaders(site: { publicUrl: string | undefined }): Middleware {
  const https = servedOverHttps(site.publicUrl);
  return async (ctx, next) => {
    const headers = headersOfEveryAnswer(ctx, https);
    ctx.set(headers);
    try {
      await next();
    } catch (error) {
      if (error instanceof Error) {
        const own = (error as { headers?: Record<string, string> }).headers;
        Object.assign(error, { headers: { ...headers, ...own } });
      }
      throw error;
    }
    // an error answer is never cached, whatever the route had said before it failed
    if (ctx.status >= 400 && neverCached(ctx.path)) ctx.set('Cache-Control', 'no-store');
  };
}

/** API answers and /metrics are not cached, unless a route says otherwise (GET /api/site). */
function neverCached(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/metrics';
}

function headersOfEveryAnswer(ctx: Context, https: boolean): Record<string, string> {
  return {
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // a route that may be cached sets its own Cache-Control over this one
    ...(neverCached(ctx.path) ? { 'Cache-Control': 'no-store' } : {}),
  };
}

/**
 * The JSON body, as it came: a compressed request body (Content-Encoding other than identity)
 * is refused with 415 before a byte is read, so no broken or oversized compressed stream ever
 * reaches a decompressor. No client of the product compresses what it sends.
 */
export function jsonBody(limit = '64kb'): Middleware {
  // DELETE too: an account's deletion carries the password that proves it (DELETE /api/user/me)
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    encoding: 'utf-8',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  }) as unknown as Middleware;
  return async (ctx, next) => {
    // a path whose bytes are kept as they came (rawBodyOn) read them already: not this reader's
    const readHere = !(ctx as Context & { disableBodyParser?: boolean }).disableBodyParser;
    const coding = ctx.get('content-encoding').trim().toLowerCase();
    if (readHere && coding !== '' && coding !== 'identity') {
      throw Object.assign(new Error('compressed request body'), { status: 415, expose: true });
    }
    return parse(ctx, next);
  };
}

/**
 * The request's bytes as they came, unparsed, for a route whose proof is a signature over them
 * (Stripe's webhook): JSON parsed and written again need not be the bytes that were signed.
 * Only on these exact paths; every other request keeps the JSON body parser and its limit.
 */
export function rawBodyOn(paths: readonly string[], limitBytes = 512 * 1024): Middleware {
  const raw = new Set(paths);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !raw.has(ctx.path)) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) throw Object.assign(new Error('request body too large'), { status: 413, expose: true });
      chunks.push(chunk);
    }
    (ctx.state as AppState).rawBody = Buffer.concat(chunks);
    // @koa/bodyparser's own switch: the stream is read already
    (ctx as Context & { disableBodyParser?: boolean }).disableBodyParser = true;
    await next();
  };
}

/**
 * Resolves the bearer token, if any, to ctx.state.user. Never rejects by itself: a session not
 * projected yet is kept aside, so that only a route that needs the user answers 503 for it and
 * a public one answers as for anyone.
 */
export function identify(authenticator: Authenticator): Middleware {
  return async (ctx, next) => {
    const state = ctx.state as AppState;
    try {
      const user = await authenticator.authenticate(bearerToken(ctx.get('authorization')));
      if (user) state.user = user;
    } catch (error) {
      if (!(error instanceof SessionNotYetKnown)) throw error;
      state.sessionNotYetKnown = error;
    }
    await next();
  };
}

export function requireUser(ctx: Context): SignedInUser {
  const { user, sessionNotYetKnown } = ctx.state as AppState;
  if (!user && sessionNotYetKnown) throw sessionNotYetKnown;
  if (!user) throw new DomainError('unauthorized', errorTexts.unauthorized);
  return user;
}

export function requireAdmin(ctx: Context): SignedInUser {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw new DomainError('forbidden', errorTexts.forbidden);
  return user;
}

/** Unknown API paths answer JSON like every other API error. */
export const apiNotFound: Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
    ctx.status = 404;
    ctx.body = { error: errorTexts.notFound };
  }
};

/**
 * CORS for exactly one configured origin (CORS_ORIGIN); without it, only the same origin
 * can call the API from a browser.
 */
export function corsFor(origin: string | undefined): Middleware {
  return async (ctx, next) => {
    if (!origin || ctx.get('origin') !== origin) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Correlation-Id');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    await next();
  };
}

/** The bots' service token, compared in constant time; no token configured → no bot. */
export function botCaller(ctx: Context, botApiToken: string | undefined): boolean {
  const token = bearerToken(ctx.get('authorization'));
  return Boolean(botApiToken && token && sameSecret(token, botApiToken));
}

export function requireBot(ctx: Context, botApiToken: string | undefined): void {
  if (!botCaller(ctx, botApiToken)) throw new DomainError('unauthorized', errorTexts.botOnly);
}
