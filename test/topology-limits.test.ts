import { errorCodes } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';
import { eventually, seedGuild } from './support/seed.ts';
import { startTopology, type Topology, topologyUnavailable } from './support/topology.ts';

const GUILD = '100000000000000072';
const LIMIT = 10;

/**
 * Issue #13 items 1, 6 and 18 (and issue #26 items 2 and 3) through docker-compose's topology (test/support/topology.ts):
 * the proxy's nginx config in front of two command-services and two query-services, with
 * the product's real per-minute limits. A client is counted once whichever replica answers,
 * and whatever it writes into X-Forwarded-For.
 */
describe('per-client limits across replicas, behind the proxy (issue #13)', function () {
  this.timeout(120_000);
  let topology: Topology;
  const servedBy = (from: number, uri: string) =>
    new Set(
      topology
        .proxied()
        .slice(from)
        .filter((request) => request.uri === uri)
        .map((request) => request.answeredBy),
    );

  before(async function () {
    const unavailable = topologyUnavailable();
    if (unavailable) {
      console.log(`      ${unavailable}: the topology limits test is skipped`);
      this.skip();
    }
    topology = await startTopology({
      env: {
        RATE_LIMIT_LOGINS_PER_MINUTE: String(LIMIT),
        RATE_LIMIT_KEYS_PER_MINUTE: String(LIMIT),
        RATE_LIMIT_HASHES_PER_MINUTE: '1000',
        // a small table, which the last tests fill through both command-services
        RATE_LIMIT_WINDOWS: '300',
      },
    });
    await seedGuild(topology.dataDir, GUILD, 'Limits server');
  });
  after(async () => {
    await topology?.stop();
  });

  it('the 11th wrong sign-in of a minute is the first 429, over both command-services, X-Forwarded-For rotated', async () => {
    const from = topology.proxied().length;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      const answer = await api(topology.url, 'POST', '/api/auth/login', {
        body: { username: 'target-user', password: `guess-${i}` },
        headers: { 'x-forwarded-for': `10.9.${i}.1` },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.code).to.equal(errorCodes.rateLimited);
    }
    expect(statuses).to.deep.equal([...Array(LIMIT).fill(401), 429, 429, 429]);
    expect(servedBy(from, '/api/auth/login')).to.deep.equal(new Set(['command-service-1', 'command-service-2']));
  });

  it('rotating X-Forwarded-For gets no fresh key-generation budget: 24 tries, 10 keys', async () => {
    await eventually(
      async () => (await api(topology.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the seeded server is projected',
    );
    const from = topology.proxied().length;
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const answer = await api(topology.url, 'POST', '/api/keys/generateKey', {
        body: { guildId: GUILD },
        headers: { 'x-forwarded-for': `10.9.${i}.1, 172.16.${i}.9` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).to.have.length(LIMIT);
    expect(
      statuses.slice(LIMIT).every((status) => status === 429),
      String(statuses),
    ).to.equal(true);
    expect(servedBy(from, '/api/keys/generateKey')).to.deep.equal(new Set(['command-service-1', 'command-service-2']));
  });

  it('counts a visitor once whatever it writes into X-Forwarded-For', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await api(topology.url, 'POST', '/api/trackIpVisit', {
        body: {},
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      counts.push(answer.body.visitCount);
    }
    // one address, four page loads: each call counts on the same visitor
    expect(counts.slice(1).map((count, i) => count - counts[i])).to.deep.equal([1, 1, 1]);
  });

  it('a token from one command-service works at once on both query-services (sessions fail closed)', async () => {
    const [commandService] = topology.replicas('command-service');
    const token = await login(commandService.url, ADMIN.username, ADMIN.password);
    for (const queryService of topology.replicas('query-service')) {
      const info = await api(queryService.url, 'GET', '/api/user/info', { token });
      expect(info.status, `${queryService.name}: ${JSON.stringify(info.body)}`).to.equal(200);
    }
  });

  // issue #26 item 2: the replicas' one table is split among the limits, and a newcomer to a full share is still answered
  it('answers a fresh address after made-up usernames from 30 addresses filled the shares through both command-services', async () => {
    const services = topology.replicas('command-service');
    const statuses: number[] = [];
    for (let wave = 0; wave < 30; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          api(services[j % 2].url, 'POST', '/api/auth/login', {
            body: { username: `made-up-${wave}-${j}`, password: 'wrong-guess' },
            headers: { 'x-forwarded-for': `10.26.0.${wave + 1}` },
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(
      statuses.every((status) => status === 401 || status === 429),
      String(statuses),
    ).to.equal(true);
    for (const [i, service] of services.entries()) {
      const fresh = { 'x-forwarded-for': `10.99.${i}.1` };
      const key = await api(service.url, 'POST', '/api/keys/generateKey', { body: { guildId: GUILD }, headers: fresh });
      expect(key.status, `${service.name}: ${JSON.stringify(key.body)}`).to.equal(200);
      const visit = await api(service.url, 'POST', '/api/trackIpVisit', { body: {}, headers: fresh });
      expect(visit.status, `${service.name}: ${JSON.stringify(visit.body)}`).to.equal(200);
      const admin = await api(service.url, 'POST', '/api/auth/login', { body: ADMIN, headers: fresh });
      expect(admin.status, `${service.name}: ${JSON.stringify(admin.body)}`).to.equal(200);
    }
  });

  // issue #26 item 3: an account's verified wrong passwords count once, whichever replica hashed them
  it('spends an account’s budget once over both command-services, and its own browser still gets in', async () => {
    const browser = await api(topology.url, 'POST', '/api/auth/login', { body: ADMIN });
    expect(browser.status).to.equal(200);
    const device = (browser.headers.get('set-cookie') ?? '').split(';')[0];
    const services = topology.replicas('command-service');
    const statuses: number[] = [];
    // three addresses, ten guesses each (their per-client-and-username budget), one after another
    for (let i = 0; i < 3 * LIMIT; i++) {
      const answer = await api(services[i % 2].url, 'POST', '/api/auth/login', {
        body: { username: ADMIN.username, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `10.70.${i % 3}.1` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).to.deep.equal(Array(3 * LIMIT).fill(401));
    for (const service of services) {
      const fresh = await api(service.url, 'POST', '/api/auth/login', {
        body: ADMIN,
        headers: { 'x-forwarded-for': '10.71.0.1' },
      });
      expect(fresh.status, service.name).to.equal(429);
      const own = await api(service.url, 'POST', '/api/auth/login', {
        body: ADMIN,
        headers: { 'x-forwarded-for': '10.72.0.1', cookie: device },
      });
      expect(own.status, `${service.name}: ${JSON.stringify(own.body)}`).to.equal(200);
    }
  });
});
