import type { Context, Middleware } from 'koa';
import { errorTexts } from '@vip/contracts';
import type { Keyring } from '../auth/keyring.ts';

/**
 * A fixed-window limit per client, in memory: enough for one process. Behind several
 * command-services each instance counts its own share (documented in the README).
 */
export function rateLimit(options: {
  perMinute: number;
  keyOf: (ctx: Context) => string;
  now?: () => number;
}): Middleware {
  const windowMs = 60_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();

  return async (ctx, next) => {
    const time = now();
    if (time - lastSweep > windowMs) {
      // forget finished windows so the map cannot grow without bound
      for (const [key, window] of windows) if (time - window.startedAt >= windowMs) windows.delete(key);
      lastSweep = time;
    }
    const key = options.keyOf(ctx);
    let window = windows.get(key);
    if (!window || time - window.startedAt >= windowMs) {
      window = { startedAt: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > options.perMinute) {
      ctx.status = 429;
      ctx.set('Retry-After', String(Math.ceil((window.startedAt + windowMs - time) / 1000)));
      ctx.body = { error: errorTexts.tooManyRequests, code: 'rate_limited' };
      return;
    }
    await next();
  };
}

/** Who a client is for rate limiting: a keyed digest of its address, never the address. */
export function clientKey(ctx: Context, keyring: Keyring): string {
  return keyring.keyedDigest('visitor', ctx.ip);
}
