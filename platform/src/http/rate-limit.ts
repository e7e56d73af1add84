import { createHash } from 'node:crypto';
import { errorCodes, errorTexts } from '@vip/contracts';
import type { Context, Middleware } from 'koa';
import type { Keyring } from '../auth/keyring.ts';
import { DomainError } from '../domain-error.ts';
import { isNoWindow, MemoryRateCounter, type RateCounter, type RateWindow } from '../rate-counter/rate-counter.ts';
import { clientAddress, clientNetwork } from './client-address.ts';

const WINDOW_MS = 60_000;

/**
 * A fixed-window limit per client, counted in a RateCounter: the deployment's shared one
 * (every replica counts a client once), or a counter of this process when none is given.
 *
 * Each limit counts in a share of the counter's table of its own, and a limit given coarser
 * keys (the client, then its network) counts the first of them that still gets a window when
 * its own share is full (issue #26 item 2): a flood of new keys at one limit then costs a
 * newcomer a stricter count, never a refusal it did nothing for. Each coarser key has a share
 * of its own too. Only a key that finds every one of its shares full is refused.
 */
export interface RateLimiter {
  /** Counts one request for `key`: null when it may go on, else the seconds until its window ends. */
  hit(key: string, coarserKeys?: readonly string[]): Promise<number | null>;
  /**
   * Where `key` stands without counting anything: its hits this minute (in the first of its
   * keys that has a window), and the seconds until that window ends when it holds its limit
   * already (the next hit would be refused), else null.
   */
  standing(key: string, coarserKeys?: readonly string[]): Promise<{ hits: number; retryAfter: number | null }>;
}

/**
 * What a counter stores for a limit's key: a short digest (128 bits) of the limit's name and
 * the key, so a counter entry has one small size whatever the input was, and holds no
 * address or username.
 */
export function limitKey(limit: string, key: string): string {
  return createHash('sha256').update(`${limit.length}:${limit}`).update(key).digest('base64url').slice(0, 22);
}

/** The share of a counter's table that a limit's windows count in: a short digest of its name. */
export const shareOf = (limit: string): string => limitKey('share', limit).slice(0, 11);

export function rateLimiter(options: {
  perMinute: number;
  /** Which limit this is: two limits count apart in one counter, each in a share of its own. */
  name?: string;
  /** How many coarser keys its hits come with, each counted in a share of its own. */
  coarser?: number;
  counter?: RateCounter;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const counter = options.counter ?? new MemoryRateCounter();
  const name = options.name ?? 'limit';
  // level 0 is the limit's own key, level n its n-th coarser key
  const names = Array.from({ length: 1 + (options.coarser ?? 0) }, (_, level) =>
    level === 0 ? name : `${name} coarser ${level}`,
  );
  const shares = names.map(shareOf);
  // declared when the limit is made, at the service's start: every share is known before the first hit
  for (const share of shares) counter.declareShare(share);
  const levelsOf = (key: string, coarserKeys: readonly string[]) =>
    [key, ...coarserKeys].slice(0, names.length).map((levelKey, level) => ({
      key: limitKey(names[level], levelKey),
      share: shares[level],
    }));
  const wait = (window: RateWindow | undefined, time: number, past: number) =>
    window && window.count > past ? Math.max(1, Math.ceil((window.endsAt - time) / 1000)) : null;
  return {
    async hit(key, coarserKeys = []) {
      const time = now();
      let window: RateWindow | undefined;
      for (const level of levelsOf(key, coarserKeys)) {
        window = await counter.hit(level.key, WINDOW_MS, time, level.share);
        if (!isNoWindow(window)) break;
      }
      return wait(window, time, options.perMinute);
    },
    async standing(key, coarserKeys = []) {
      const time = now();
      let window: RateWindow | undefined;
      for (const level of levelsOf(key, coarserKeys)) {
        window = await counter.peek(level.key, time);
        if (window) break;
      }
      // spent once it holds its limit: the next hit would be over it
      return { hits: window?.count ?? 0, retryAfter: wait(window, time, options.perMinute - 1) };
    },
  };
}

/** A limit spent, found by a handler: a 429 whose Retry-After says when the window ends. */
export class TooManyAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', errorTexts.tooManyRequests, errorCodes.rateLimited);
  }
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

/** The client's network, the coarser key of a per-client limit whose share is full: a keyed digest as well. */
export function clientNetworkKey(ctx: Context, keyring: Keyring): string {
  return keyring.keyedDigest('visitor', clientNetwork(ctx));
}

/** The coarser keys of a limit finer than the client (a username, a user): the client, then its network. */
export function clientAndNetworkKeys(ctx: Context, keyring: Keyring): string[] {
  return [clientKey(ctx, keyring), clientNetworkKey(ctx, keyring)];
}
