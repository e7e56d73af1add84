import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api } from './support/http.ts';
import { seedGuild } from './support/seed.ts';

const GUILD = '100000000000000261';

/**
 * Issue #26 item 2 against the real product, each client an address of its own (one proxy hop
 * trusted, so X-Forwarded-For names the client), with a counter of 300 windows: a flood of
 * sign-ins with made-up usernames from many addresses used to fill the whole table, and every
 * limited route then refused every new client. Each limit now has its own share of the table,
 * a username nobody holds opens no window, and a newcomer to a full share is counted with a
 * coarser key (its network, or itself) rather than refused.
 */
describe('a full limit table (issue #26 item 2)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signInFrom = (address: string, username: string, password: string) =>
    api(product.url, 'POST', '/api/auth/login', { body: { username, password }, headers: from(address) });
  /** Runs `count` calls of `one`, `atOnce` at a time; answers their statuses. */
  const inWaves = async (count: number, atOnce: number, one: (i: number) => Promise<{ status: number }>) => {
    const statuses: number[] = [];
    for (let start = 0; start < count; start += atOnce) {
      const wave = Array.from({ length: Math.min(atOnce, count - start) }, (_, j) => one(start + j));
      for (const answer of await Promise.all(wave)) statuses.push(answer.status);
    }
    return statuses;
  };

  before(async () => {
    product = await startAllInOne({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMIT_WINDOWS: '300',
        // the product's own limits (the test support raises them for other tests)
        RATE_LIMIT_LOGINS_PER_MINUTE: '10',
        RATE_LIMIT_KEYS_PER_MINUTE: '10',
        RATE_LIMIT_HASHES_PER_MINUTE: '30',
      },
    });
    await seedGuild(product.dataDir, GUILD, 'Limits server');
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('answers a fresh address normally after 300 sign-ins with made-up usernames from 30 addresses', async () => {
    // 30 addresses of one /24, 10 made-up usernames each: more windows than the whole table holds
    const flood = await inWaves(300, 10, (i) =>
      signInFrom(`10.26.0.${(i % 30) + 1}`, `made-up-${randomUUID().slice(0, 8)}`, 'wrong-guess'),
    );
    expect(
      flood.every((status) => status === 401 || status === 429),
      String(flood),
    ).to.equal(true);

    const fresh = from('10.99.0.1');
    const key = await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId: GUILD }, headers: fresh });
    expect(key.status, JSON.stringify(key.body)).to.equal(200);
    const visit = await api(product.url, 'POST', '/api/trackIpVisit', { body: {}, headers: fresh });
    expect(visit.status, JSON.stringify(visit.body)).to.equal(200);
    expect(visit.body.visitCount).to.equal(1);
    const admin = await signInFrom('10.99.0.1', ADMIN.username, ADMIN.password);
    expect(admin.status, JSON.stringify(admin.body)).to.equal(200);
  });

  it('counts a newcomer to a flooded limit with its network: visits from 400 addresses, then one more elsewhere', async () => {
    // every address of two /24s records one visit: the visit limit's share is full long before
    const flood = await inWaves(400, 10, (i) =>
      api(product.url, 'POST', '/api/trackIpVisit', { body: {}, headers: from(`10.27.${i >> 8}.${i & 255}`) }),
    );
    expect(
      flood.every((status) => status === 200 || status === 429),
      String(flood),
    ).to.equal(true);
    // the flooding networks are held to one budget each, not given a window per address
    expect(flood.filter((status) => status === 429).length).to.be.greaterThan(0);
    const visit = await api(product.url, 'POST', '/api/trackIpVisit', { body: {}, headers: from('10.98.0.1') });
    expect(visit.status, JSON.stringify(visit.body)).to.equal(200);
    const admin = await signInFrom('10.98.0.1', ADMIN.username, ADMIN.password);
    expect(admin.status, JSON.stringify(admin.body)).to.equal(200);
  });
});
