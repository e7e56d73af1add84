import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api } from './support/http.ts';

/**
 * Issue #26 item 3 against the real product, each client an address of its own (one proxy hop
 * trusted): wrong passwords for `admin` from three addresses used to keep the real admin out,
 * since the hash queue's refusals counted against the account. Now only a wrong password that
 * was verified counts, and a browser that signed in to the account before keeps a budget of
 * its own (its device cookie).
 */
describe('the admin while three addresses guess its password (issue #26 item 3)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let device: string;
  const signIn = (address: string, password: string, headers: Record<string, string> = {}) =>
    api(product.url, 'POST', '/api/auth/login', {
      body: { username: ADMIN.username, password },
      headers: { 'x-forwarded-for': address, ...headers },
    });
  /** `perAddress` wrong guesses from each of `addresses`, all at once or one after another per address. */
  const guesses = async (addresses: string[], perAddress: number, atOnce: boolean) => {
    const fromOne = async (address: string) => {
      if (atOnce)
        return Promise.all(
          Array.from({ length: perAddress }, async (_, i) => (await signIn(address, `guess-${i}`)).status),
        );
      const statuses: number[] = [];
      for (let i = 0; i < perAddress; i++) statuses.push((await signIn(address, `guess-${i}`)).status);
      return statuses;
    };
    return (await Promise.all(addresses.map(fromOne))).flat();
  };

  before(async () => {
    product = await startAllInOne({
      env: {
        TRUST_PROXY_HOPS: '1',
        // the product's own sign-in limits (the test support raises them for other tests): 10 per
        // client and username, 30 per client and 30 wrong passwords per account a minute
        RATE_LIMIT_LOGINS_PER_MINUTE: '10',
        PASSWORD_HASHES_PER_CLIENT: '3',
      },
    });
    // the admin's own browser signs in once, before the guessing starts
    const first = await signIn('10.61.0.1', ADMIN.password);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).to.match(/^vip_device=[A-Za-z0-9_-]{22}\.[0-9a-f]{32};/);
    expect(cookie.toLowerCase()).to.include('httponly').and.include('samesite=strict').and.include('path=/api/auth');
    // long-lived: kept for more than a year
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    expect(expires - Date.now()).to.be.greaterThan(365 * 24 * 3600_000);
    // an opaque token: neither the username nor the user id
    expect(cookie).to.not.include(ADMIN.username).and.not.include(first.body.id);
    device = cookie.split(';')[0];
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('lets the admin in from a fresh address while 30 wrong guesses come at once from three addresses', async () => {
    const attackers = ['10.62.0.1', '10.62.1.1', '10.62.2.1'];
    const first = await guesses(attackers, 10, true);
    // three hashes at once per address: the rest were turned away by the queue, and those do not count
    expect(
      first.every((status) => status === 401 || status === 429),
      String(first),
    ).to.equal(true);
    const fresh = await signIn('10.63.0.1', ADMIN.password);
    expect(fresh.status, `after ${String(first)}`).to.equal(200);
    // a second minute's worth of guesses while the admin signs in, from another fresh address and from its browser
    const [second, freshAgain, fromDevice] = await Promise.all([
      guesses(attackers, 10, true),
      signIn('10.63.0.2', ADMIN.password),
      signIn('10.64.0.1', ADMIN.password, { cookie: device }),
    ]);
    expect(
      second.every((status) => status === 401 || status === 429),
      String(second),
    ).to.equal(true);
    expect(freshAgain.status).to.equal(200);
    expect(fromDevice.status).to.equal(200);
  });

  it('keeps a budget of its own for the browser that signed in before, when the guesses spend the account’s', async () => {
    // one guess after another from each of three addresses: every one is verified and counts
    const paced = await guesses(['10.65.0.1', '10.65.1.1', '10.65.2.1'], 10, false);
    expect(paced.filter((status) => status === 401).length, String(paced)).to.be.at.least(21);
    // the account's budget for everyone else is spent, for the rest of the minute at most
    const fresh = await signIn('10.66.0.1', ADMIN.password);
    expect(fresh.status).to.equal(429);
    expect(Number(fresh.headers.get('retry-after'))).to.be.within(1, 60);
    // the admin's own browser still gets in, from wherever it is now
    const fromDevice = await signIn('10.67.0.1', ADMIN.password, { cookie: device });
    expect(fromDevice.status, JSON.stringify(fromDevice.body)).to.equal(200);
    // a cookie that was not made by the server for this account counts as no device
    const forged = `${device.slice(0, device.indexOf('.') + 1)}${'0'.repeat(32)}`;
    expect((await signIn('10.67.0.2', ADMIN.password, { cookie: forged })).status).to.equal(429);
  });
});
