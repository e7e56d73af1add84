import type { Context } from 'koa';
import type { Keyring } from '@vip/platform';

/**
 * The keyed digest of the caller's address (never the address itself), computed once per
 * request: the rate limit keys on it (it equals platform's clientKey) and events record it.
 */
export function visitorDigestOf(ctx: Context, keyring: Keyring): string {
  const state = ctx.state as { visitorDigest?: string };
  return (state.visitorDigest ??= keyring.keyedDigest('visitor', ctx.ip));
}
