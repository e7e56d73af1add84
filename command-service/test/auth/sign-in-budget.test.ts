import { Keyring } from '@vip/platform';
import { expect } from 'chai';
import type { Context } from 'koa';
import { DEVICE_COOKIE, deviceCookie } from '../../src/auth/device.ts';
import { pauseBeforeHash } from '../../src/auth/sign-in-budget.ts';

/** A request's cookies as Koa's `ctx.cookies` keeps them: what the browser sent, what the answer sets. */
function browser(sent?: string) {
  let jar = sent;
  const ctx = {
    cookies: {
      get: (name: string) => (name === DEVICE_COOKIE ? jar : undefined),
      set: (name: string, value: string) => {
        if (name === DEVICE_COOKIE) jar = value;
      },
    },
  } as unknown as Context;
  return { ctx, cookie: () => jar };
}

describe('what a wrong password costs an account (issue #26 item 3)', () => {
  it('pauses nothing for the first half of the budget, then more per wrong password, never over two seconds', () => {
    const pauses = Array.from({ length: 40 }, (_, failures) => pauseBeforeHash(failures, 30));
    expect(pauses.slice(0, 16)).to.deep.equal(Array(16).fill(0));
    expect(pauses.slice(16, 20)).to.deep.equal([100, 200, 300, 400]);
    expect(Math.max(...pauses)).to.equal(2_000);
    for (let i = 1; i < pauses.length; i++) expect(pauses[i]).to.be.at.least(pauses[i - 1]);
  });

  it('trusts a device for an account only after a sign-in to that account from it, and for four accounts at most', () => {
    const devices = deviceCookie(new Keyring('master-secret'));
    const admin = browser();
    expect(devices.trustedFor(admin.ctx, 'user-admin')).to.equal(undefined);
    devices.remember(admin.ctx, 'user-admin', true);
    const deviceId = devices.trustedFor(admin.ctx, 'user-admin');
    expect(deviceId).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(admin.cookie()).to.not.include('user-admin');
    // the same cookie proves nothing for another account, nor under another deployment's secret
    expect(devices.trustedFor(admin.ctx, 'user-other')).to.equal(undefined);
    expect(deviceCookie(new Keyring('another-secret')).trustedFor(admin.ctx, 'user-admin')).to.equal(undefined);
    // a shared computer: the device keeps its id, and the four accounts signed in to last
    for (const user of ['user-2', 'user-3', 'user-4']) devices.remember(admin.ctx, user, true);
    expect(devices.trustedFor(admin.ctx, 'user-admin')).to.equal(deviceId);
    devices.remember(admin.ctx, 'user-5', true);
    expect(devices.trustedFor(admin.ctx, 'user-admin')).to.equal(undefined);
    expect(devices.trustedFor(admin.ctx, 'user-5')).to.equal(deviceId);
    // a cookie of another shape is no device
    for (const sent of ['', 'x', `${deviceId}.${'z'.repeat(32)}`, `${deviceId}${'.0'.repeat(5)}`])
      expect(devices.trustedFor(browser(sent).ctx, 'user-5'), sent).to.equal(undefined);
  });
});
