import type { RestAnswer, RestCall } from './rest.ts';

/**
 * A Discord having a bad day, for the role-accuracy bench and the bots' fault tests: a share
 * of the role calls (giving or taking a member's role) is answered 429 with a `retry_after`,
 * another share with a 5xx. Everything else is answered as usual.
 */
export interface Hostility {
  /** Share of role calls answered 429 (0 to 1). */
  rateLimitedShare: number;
  /** Share of role calls answered 5xx (0 to 1). */
  serverErrorShare: number;
  /** What a 429 asks the caller to wait. */
  retryAfterSeconds: number;
  random?: () => number;
}

/** What the hostile Discord answered, by kind, for a bench to print. */
export interface HostileCounts {
  rateLimited: number;
  serverErrors: number;
}

const ROLE_CALL = /^\/guilds\/\d+\/members\/\d+\/roles\/\d+$/;

/** The answer a hostile Discord gives instead of the real one, or null to answer as usual. */
export function hostileAnswer(call: RestCall, hostility: Hostility, counts: HostileCounts): RestAnswer | null {
  if ((call.method !== 'PUT' && call.method !== 'DELETE') || !ROLE_CALL.test(call.path)) return null;
  const roll = (hostility.random ?? Math.random)();
  if (roll < hostility.rateLimitedShare) {
    counts.rateLimited++;
    return {
      status: 429,
      headers: { 'retry-after': String(hostility.retryAfterSeconds), 'x-ratelimit-scope': 'user' },
      body: { message: 'You are being rate limited.', retry_after: hostility.retryAfterSeconds, global: false },
    };
  }
  if (roll < hostility.rateLimitedShare + hostility.serverErrorShare) {
    counts.serverErrors++;
    return { status: 503, body: { code: 0, message: 'Service Unavailable' } };
  }
  return null;
}
