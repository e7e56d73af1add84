import type { Context, Middleware } from 'koa';
import { errorCodes, errorTexts } from '@vip/contracts';
import type { Keyring } from '../auth/keyring.ts';

const WINDOW_MS = 60_000;

/**
 * A fixed-window limit per key, in memory: enough for one process. Behind several
 * command-services each instance counts its own share (documented in the README).
 */
export interface RateLimiter {
  /** Counts one request for `key`: null when it may go on, else the seconds until its window ends. */
  hit(key: string): number | null;
}

export function rateLimiter(options: { perMinute: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const time = now();
      if (time - lastSweep > WINDOW_MS) {
        // forget finished windows so the map cannot grow without bound
        for (const [known, window] of windows) if (time - window.startedAt >= WINDOW_MS) windows.delete(known);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || time - window.startedAt >= WINDOW_MS) {
        window = { startedAt: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > options.perMinute ? Math.ceil((window.startedAt + WINDOW_MS - time) / 1000) : null;
    },
  };
}

/** The 429 answer, with when to try again. */
export function refuseTooMany(ctx: Context, retryAfterSeconds: number): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfterSeconds));
  ctx.body = { error: errorTexts.tooManyRequests, code: errorCodes.rateLimited };
}

/** The limit as a middleware keyed by the raw request (routes mounted from the catalogue use `on`'s rateLimit). */
export function rateLimit(options: {
  perMinute: number;
  keyOf: (ctx: Context) => string;
  now?: () => number;
}): Middleware {
  const limiter = rateLimiter(options);
  return async (ctx, next) => {
    const retryAfter = limiter.hit(options.keyOf(ctx));
    if (retryAfter !== null) return refuseTooMany(ctx, retryAfter);
    await next();
  };
}

/** Who a client is for rate limiting: a keyed digest of its address, never the address. */
export function clientKey(ctx: Context, keyring: Keyring): string {
  return keyring.keyedDigest('visitor', ctx.ip);
}
