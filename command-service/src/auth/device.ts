import { randomBytes } from 'node:crypto';
import { type Keyring, sameSecret } from '@vip/platform';
import type { Context } from 'koa';

/** The cookie of a browser that signed in with a password before. */
export const DEVICE_COOKIE = 'vip_device';
/** Where the browser sends it: the sign-in routes only. */
const DEVICE_COOKIE_PATH = '/api/auth';
/** As long as a browser keeps a cookie (400 days at most). */
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60_000;
/** Accounts one browser is remembered for (a shared computer); the oldest is forgotten first. */
const ACCOUNTS_PER_DEVICE = 4;

const deviceIdPattern = /^[A-Za-z0-9_-]{22}$/;
const tagPattern = /^[0-9a-f]{32}$/;

/**
 * A device that signed in before keeps a sign-in budget of its own (issue #26 item 3: guesses
 * from three addresses kept the admin out for as long as they went on). The cookie is an
 * opaque random device id and, per account it signed in to, a keyed digest of the id with the
 * account's user id: nothing in it names the account or the person, and only the server can
 * make a tag that verifies, so a device is trusted for an account only after a successful
 * sign-in to that very account from it.
 */
export function deviceCookie(keyring: Keyring) {
  const tagOf = (deviceId: string, userId: string) =>
    keyring.keyedDigest('device', `${deviceId}:${userId}`).slice(0, 32);
  const read = (ctx: Context): { deviceId: string; tags: string[] } | undefined => {
    const [deviceId, ...tags] = (ctx.cookies.get(DEVICE_COOKIE) ?? '').split('.');
    if (
      !deviceIdPattern.test(deviceId) ||
      tags.length > ACCOUNTS_PER_DEVICE ||
      !tags.every((tag) => tagPattern.test(tag))
    )
      return undefined;
    return { deviceId, tags };
  };
  return {
    /** The device id of the request when its cookie says it signed in to `userId` before. */
    trustedFor(ctx: Context, userId: string): string | undefined {
      const cookie = read(ctx);
      if (!cookie) return undefined;
      const expected = tagOf(cookie.deviceId, userId);
      return cookie.tags.some((tag) => sameSecret(tag, expected)) ? cookie.deviceId : undefined;
    },
    /** Remembers a successful sign-in of `userId` from this browser (a new device id when it has none). */
    remember(ctx: Context, userId: string, secure: boolean): void {
      const cookie = read(ctx) ?? { deviceId: randomBytes(16).toString('base64url'), tags: [] };
      const tag = tagOf(cookie.deviceId, userId);
      const tags = [tag, ...cookie.tags.filter((kept) => kept !== tag)].slice(0, ACCOUNTS_PER_DEVICE);
      ctx.cookies.set(DEVICE_COOKIE, [cookie.deviceId, ...tags].join('.'), {
        httpOnly: true,
        sameSite: 'strict',
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_COOKIE_MS,
        secure,
        overwrite: true,
      });
    },
  };
}
