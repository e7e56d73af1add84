import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'koa';

/**
 * What Koa needs to read the client's address behind `hops` proxies of our own: with
 * `maxIpsCount` it keeps only the right-most `hops` entries of X-Forwarded-For, the ones our
 * proxies appended (nginx's `$proxy_add_x_forwarded_for` appends the address it saw), so
 * whatever a client writes into the header itself lies further left and is never read.
 * Zero hops: the socket's address, the header ignored.
 */
export function proxyTrustOf(hops: number): { proxy: boolean; maxIpsCount: number } {
  return { proxy: hops > 0, maxIpsCount: hops };
}

/**
 * The client's address as limits and visit counts know it: an IPv4 address as itself (also
 * when a dual-stack socket reports it as `::ffff:a.b.c.d`), an IPv6 address as its /64, the
 * block one subscriber line gets, since any host may pick a fresh address inside its /64.
 */
export function normalizedAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  return `${expandedIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (`::` expanded). */
function expandedIpv6(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  // an embedded IPv4 tail (::ffff:1.2.3.4 was handled above; 64:ff9b::1.2.3.4 keeps its /64 anyway)
  const missing = 8 - left.length - right.length;
  const all =
    tail === undefined ? left : [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right];
  return all.map((group) => (/^[0-9a-f]+$/i.test(group) ? Number.parseInt(group, 16).toString(16) : group));
}

/** Who is calling, for per-client limits: the normalized address of `ctx.ip` (see proxyTrustOf). */
export function clientAddress(ctx: Context): string {
  return normalizedAddress(ctx.ip);
}

/**
 * The network around the client, a coarser key for limits whose share of the table is full: an
 * IPv4 address's /24, an IPv6 address's /48 (a site's allocation).
 */
export function clientNetwork(ctx: Context): string {
  return networkOf(clientAddress(ctx));
}

/** The /24 of a normalized IPv4 address, the /48 of a normalized IPv6 /64; anything else as it is. */
export function networkOf(normalized: string): string {
  if (isIPv4(normalized)) return `${normalized.split('.').slice(0, 3).join('.')}.0/24`;
  const v6 = /^([^/]+)::\/64$/.exec(normalized);
  if (v6) return `${v6[1].split(':').slice(0, 3).join(':')}::/48`;
  return normalized;
}

/**
 * The same for a request no Koa app handles (an upgrade to /ws): Koa's rule, written out. With
 * `hops` proxies of ours, the left-most of the right-most `hops` entries of X-Forwarded-For;
 * without, the socket's address.
 */
export function requestClientAddress(request: IncomingMessage, hops: number): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  if (hops <= 0) return normalizedAddress(socketAddress);
  const header = request.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(/\s*,\s*/).filter(Boolean);
  return normalizedAddress(entries.slice(-hops)[0] ?? socketAddress);
}
