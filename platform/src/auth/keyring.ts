import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a random secret (a key, an access hash): what events and read models keep. */
export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A random secret with `bytes` of entropy, in Crockford base32 grouped by four so it is
 * easy to read and copy (16 bytes → 26 characters, 128 bits).
 */
export function randomCode(bytes = 16): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const buffer = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buffer) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
}

/** Constant-time comparison of two strings (service tokens). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Keyed digests derived from the deployment's master secret, one key per purpose: a client is
 * counted by its limits as HMAC(visitor key, address), so no limit window holds a raw IP and the
 * digest cannot be reversed by trying every address without the secret (the log names a visitor
 * by a digest of the day instead: privacy/visitor-day-keys.ts); a snapshot is signed with
 * HMAC(snapshot key, snapshot), so one edited in its store is known.
 */
export class Keyring {
  constructor(private readonly master: string) {}

  keyedDigest(purpose: 'visitor' | 'license' | 'discord-sign-in' | 'snapshot' | 'device', value: string): string {
    return createHmac('sha256', `${this.master}:${purpose}`).update(value).digest('hex');
  }

  /** A subscriber's license key: derived, so it is never stored anywhere. */
  licenseKeyOf(userId: string): string {
    const hex = this.keyedDigest('license', userId).slice(0, 20).toUpperCase();
    return `VIP-${hex.match(/.{4}/g)!.join('-')}`;
  }
}
