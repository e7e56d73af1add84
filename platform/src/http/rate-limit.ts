import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { errorCodes, errorTexts } from '@vip/contracts';
import type { Keyring } from '../auth/keyring.ts';
import { MemoryRateCounter, type RateCounter } from '../rate-counter/rate-counter.ts';
import { clientAddress } from './client-address.ts';

const WINDOW_MS = 60_000;

/**
 * A fixed-window limit per client, counted in a RateCounter: the deployment's shared one
 * (every replica counts a client once), or a counter of this process when none is given.
 */
export interface RateLimiter {
  /** Counts one request for `key`: null when it may go on, else the seconds until its window ends. */
  hit(key: string): Promise<number | null>;
}

/**
 * What a counter stores for a limit's key: a short digest (128 bits) of the limit's name and
 * the key, so a counter entry has one small size whatever the input was, and holds no
 * address or username.
 */
export function limitKey(limit: string, key: string): string {
  return createHash('sha256').update(`${limit.length}:${limit}`).update(key).digest('base64url').slice(0, 22);
}

export function rateLimiter(options: {
  perMinute: number;
  /** Which limit this is: two limits count apart in one counter. */
  name?: string;
  counter?: RateCounter;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const counter = options.counter ?? new MemoryRateCounter();
  const name = options.name ?? 'limit';
  return {
    async hit(key) {
      const time = now();
      const window = await counter.hit(limitKey(name, key), WINDOW_MS, time);
      return window.count > options.perMinute ? Math.max(1, Math.ceil((window.endsAt - time) / 1000)) : null;
    },
  };
}

/** The 429 answer, with when to try again. */
export function refuseTooMany(ctx: Context, retryAfterSeconds: number): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfterSeconds));
  ctx.body = { error: errorTexts.tooManyRequests, code: errorCodes.rateLimited };
}

/**
 * The limit as a middleware, for a path outside the catalogue; `keyOf` must read only what is
 * already normalized (routes mounted from the catalogue use `on`'s rateLimit, after validation).
 */
export function rateLimit(options: {
  perMinute: number;
  name: string;
  keyOf: (ctx: Context) => string;
  counter?: RateCounter;
  now?: () => number;
}): Middleware {
  const limiter = rateLimiter(options);
  return async (ctx, next) => {
    const retryAfter = await limiter.hit(options.keyOf(ctx));
    if (retryAfter !== null) return refuseTooMany(ctx, retryAfter);
    await next();
  };
}

/** Who a client is for rate limiting: a keyed digest of its normalized address, never the address. */
export function clientKey(ctx: Context, keyring: Keyring): string {
  return keyring.keyedDigest('visitor', clientAddress(ctx));
}
