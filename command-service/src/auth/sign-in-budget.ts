import { clientAndNetworkKeys, rateLimiter, servedOverHttps, TooManyAttempts } from '@vip/platform';
import type { Context } from 'koa';
import type { CommandDeps } from '../core/deps.ts';
import { deviceCookie } from './device.ts';

/** Past half an account's budget of a minute, each further wrong password adds this much pause before the next hash. */
const PAUSE_STEP_MS = 100;
/** The longest pause before a hash: what a legitimate user may wait, far below the minute of a refusal. */
const LONGEST_PAUSE_MS = 2_000;

/**
 * The pause before the hash of a sign-in to an account with `failures` wrong passwords this
 * minute: none for the first half of its `budget`, then growing by a step per failure. It
 * slows guesses at the account down before the budget refuses them outright.
 */
export function pauseBeforeHash(failures: number, budget: number): number {
  const past = failures - Math.floor(budget / 2);
  return past > 0 ? Math.min(LONGEST_PAUSE_MS, past * PAUSE_STEP_MS) : 0;
}

/**
 * What a wrong password costs an account (issue #26 item 3: the hash queue's refusals counted
 * against the account, and three addresses kept the admin out). Only a wrong password that
 * was verified counts, and only against an account that exists (a made-up username opens no
 * window). A browser that signed in to the account before (its device cookie) has a budget of
 * its own; every other client shares the account's, with a growing pause before the hash
 * past its half and 429 for the rest of the minute when it is spent.
 */
export function signInBudgets(deps: CommandDeps) {
  const { rateLimits, publicUrl } = deps.config;
  const devices = deviceCookie(deps.keyring);
  // made at the service's start, so that their shares of the counter are declared before any sign-in
  const perAccount = rateLimiter({
    name: 'POST /api/auth/login per account',
    perMinute: rateLimits.loginsPerAccount,
    coarser: 2,
    counter: deps.rateCounter,
  });
  const perDevice = rateLimiter({
    name: 'POST /api/auth/login per device',
    perMinute: rateLimits.login,
    coarser: 2,
    counter: deps.rateCounter,
  });
  return {
    /** The budget a sign-in to `userId` from this request counts in. */
    of(ctx: Context, userId: string) {
      const deviceId = devices.trustedFor(ctx, userId);
      const [limiter, key] = deviceId ? [perDevice, `${userId}:${deviceId}`] : [perAccount, userId];
      // counted instead, in order, when the limit's share of the counter is full
      const coarser = clientAndNetworkKeys(ctx, deps.keyring);
      return {
        /** Refuses (429) when the budget is spent; else answers the pause before the hash. */
        async admit(): Promise<number> {
          const { hits, retryAfter } = await limiter.standing(key, coarser);
          if (retryAfter !== null) throw new TooManyAttempts(retryAfter);
          return deviceId ? 0 : pauseBeforeHash(hits, rateLimits.loginsPerAccount);
        },
        /** Counts a wrong password that was verified. */
        async failed(): Promise<void> {
          await limiter.hit(key, coarser);
        },
      };
    },
    /** Remembers the browser of a successful sign-in (Secure whenever the public address is https). */
    remember(ctx: Context, userId: string): void {
      if (servedOverHttps(publicUrl)) ctx.cookies.secure = true; // the cookies module refuses a Secure cookie on a request it thinks is http
      devices.remember(ctx, userId, servedOverHttps(publicUrl) || ctx.secure);
    },
  };
}
