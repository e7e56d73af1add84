import type { Context } from 'koa';
import { clientKey, type Keyring } from '@vip/platform';

/**
 * The keyed digest of the caller's address (never the address itself), computed once per
 * request: the rate limit keys on it (it is platform's clientKey: an IPv6 client is its /64) and
 * events record it.
 */
export function visitorDigestOf(ctx: Context, keyring: Keyring): string {
  const state = ctx.state as { visitorDigest?: string };
  return (state.visitorDigest ??= clientKey(ctx, keyring));
}
