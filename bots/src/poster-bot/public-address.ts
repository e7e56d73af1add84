import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses the poster bot may fetch a page from: the public internet only. A member
 * types the link, so without this check /postvideo would let anyone in a server make the bot
 * read the machine's own services (loopback), the operator's network (RFC 1918, unique local)
 * or a cloud metadata endpoint (link-local 169.254.169.254). IPv6 is allowed only in global
 * unicast (2000::/3), and addresses that carry an IPv4 address inside them (mapped, NAT64,
 * 6to4) are judged by that IPv4 address.
 */

type Range = readonly [prefix: readonly number[], bits: number];

const IPV4_NOT_PUBLIC: readonly Range[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local, cloud metadata
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and the broadcast address
];

const IPV6_GLOBAL_UNICAST: Range = [[0x20], 3];
const IPV6_NOT_PUBLIC: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments, Teredo among them
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation
];
const IPV4_MAPPED: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96];
const NAT64: Range = [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96];
const SIX_TO_FOUR: Range = [[0x20, 0x02], 16];

function within(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[index] & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

const ipv4Bytes = (text: string) => text.split('.').map(Number);

/** An IPv6 address as its 16 bytes (a zone like `%eth0` is dropped); null when it is not one. */
export function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  let groups = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]));
    groups = `${address.slice(0, -dotted[1].length)}0:0`;
  }
  const [head, rest] = groups.split('::');
  const headWords = head ? head.split(':') : [];
  const restWords = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headWords.length - restWords.length;
  const words = [...headWords, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restWords];
  const bytes = words.flatMap((word) => {
    const value = Number.parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

const isPublicIPv4 = (bytes: readonly number[]) => !IPV4_NOT_PUBLIC.some((range) => within(bytes, range));

/** True for an address on the public internet; false for anything private, local or reserved, and for non-addresses. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIPv4(ipv4Bytes(address));
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (within(bytes, IPV4_MAPPED) || within(bytes, NAT64)) return isPublicIPv4(bytes.slice(12));
  if (within(bytes, SIX_TO_FOUR)) return isPublicIPv4(bytes.slice(2, 6));
  return within(bytes, IPV6_GLOBAL_UNICAST) && !IPV6_NOT_PUBLIC.some((range) => within(bytes, range));
}

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return ipv4Bytes(address)[0] === 127;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (within(bytes, IPV4_MAPPED)) return bytes[12] === 127;
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}
