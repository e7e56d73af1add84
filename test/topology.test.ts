import fs from 'node:fs';
import path from 'node:path';
import type { AnnouncementView } from '@vip/contracts';
import { digestOf } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';
import { allEvents, eventually, seedGuild } from './support/seed.ts';
import { startTopology, type Topology, topologyUnavailable } from './support/topology.ts';
import { LiveClient } from './support/ws-client.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const GUILD = '100000000000000071';

/**
 * docker-compose.yml's topology on one machine, every request through the proxy's own nginx
 * config: projections, two command-services and two query-services on one DATA_DIR, and the
 * frontend's nginx. (test/support/topology.ts)
 */
describe('the compose topology on one machine (nginx proxy, 2 command-services, 2 query-services)', function () {
  this.timeout(120_000);
  let topology: Topology;
  let token = '';
  /** Who answered the requests to `uri` since `from` (an index into the proxy's access log). */
  const answeredBy = (from: number, method: string, uri: string) =>
    topology
      .proxied()
      .slice(from)
      .filter((request) => request.method === method && request.uri === uri)
      .map((request) => request.answeredBy);
  /** Who answered the last `count` such requests: nginx logs a request after its answer has gone, so wait for the lines. */
  const answersLogged = async (from: number, method: string, uri: string, count: number) => {
    await eventually(
      async () => answeredBy(from, method, uri).length >= count,
      5_000,
      `${count} ${method} ${uri} in the proxy's log`,
    );
    return answeredBy(from, method, uri);
  };

  before(async function () {
    const unavailable = topologyUnavailable();
    if (unavailable) {
      console.log(`      ${unavailable}: the topology test is skipped`);
      this.skip();
    }
    topology = await startTopology();
  });
  after(async () => {
    await topology?.stop();
  });

  it('serves the built site through the proxy and the frontend’s nginx', async () => {
    const index = await fetch(`${topology.url}/`);
    expect(index.status).to.equal(200);
    expect(index.headers.get('content-type')).to.match(/^text\/html/);
    expect(index.headers.get('cache-control')).to.equal('no-cache');
    const html = await index.text();
    expect(html).to.equal(fs.readFileSync(path.join(ROOT, 'frontend/dist/index.html'), 'utf8'));
    // a client-side route gets the app, an asset gets cached for a year
    const route = await fetch(`${topology.url}/login`);
    expect(route.status).to.equal(200);
    expect(await route.text()).to.equal(html);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await fetch(`${topology.url}${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('content-type')).to.match(/javascript/);
    expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect((await fetch(`${topology.url}/assets/missing.js`)).status).to.equal(404);
    expect(
      topology
        .proxied()
        .filter((request) => request.uri === '/login')
        .map((r) => r.answeredBy),
    ).to.deep.equal(['frontend']);
  });

  it('signs in through the proxy; the fresh token works at once on both query-services', async () => {
    // the admin is bootstrapped by a command-service and projected by the projections process
    await eventually(
      async () => {
        token = await login(topology.url, ADMIN.username, ADMIN.password).catch(() => '');
        return token !== '';
      },
      10_000,
      'the admin can sign in',
    );
    const from = topology.proxied().length;
    for (let i = 0; i < 4; i++) {
      const info = await api(topology.url, 'GET', '/api/user/info', { token });
      expect(info.status, JSON.stringify(info.body)).to.equal(200);
      expect(info.body.username).to.equal(ADMIN.username);
    }
    expect(new Set(await answersLogged(from, 'GET', '/api/user/info', 4))).to.deep.equal(
      new Set(['query-service-1', 'query-service-2']),
    );
  });

  it('pushes on /ws through the proxy, and a write is read back at once from both query-services', async () => {
    const live = await LiveClient.connect(topology.url, { type: 'auth', token });
    try {
      await live.waitFor((message) => message.type === 'ready');
      const from = topology.proxied().length;
      const created = await api<AnnouncementView>(topology.url, 'POST', '/api/announcements', {
        token,
        body: { title: 'Topology', content: 'through the proxy' },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      // read-your-writes: the command answered once the projections process applied it
      for (let i = 0; i < 4; i++) {
        const listed = await api<AnnouncementView[]>(topology.url, 'GET', '/api/announcements', { token });
        expect(listed.body.map((announcement) => announcement.id)).to.include(created.body.id);
      }
      expect(new Set(await answersLogged(from, 'GET', '/api/announcements', 4))).to.deep.equal(
        new Set(['query-service-1', 'query-service-2']),
      );
      await live.waitFor((message) => message.type === 'announcement' && message.data.id === created.body.id);
    } finally {
      live.close();
    }
    // nginx logs an upgraded connection when it closes
    await eventually(async () => answeredBy(0, 'GET', '/ws').length > 0, 5_000, 'the /ws connection logged');
    expect(answeredBy(0, 'GET', '/ws')).to.deep.equal(['projections']);
  });

  it('gives one key for a one-time link under 20 concurrent requests spread over both command-services', async () => {
    await seedGuild(topology.dataDir, GUILD, 'Topology server');
    let hash = '';
    await eventually(
      async () => {
        const issued = await api(topology.url, 'POST', '/api/hash/generate', { body: { serverId: GUILD } });
        hash = issued.status === 200 ? issued.body.hash : '';
        return hash !== '';
      },
      10_000,
      'a one-time link for the seeded server',
    );
    const from = topology.proxied().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(topology.url, 'POST', '/api/keys/generateKey', { body: { guildId: GUILD, hash } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).to.have.length(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, JSON.stringify(refused.body)).to.equal(410);
      expect(refused.body.code).to.equal('used');
    }
    const served = await answersLogged(from, 'POST', '/api/keys/generateKey', 20);
    expect(served).to.have.length(20);
    expect(new Set(served)).to.deep.equal(new Set(['command-service-1', 'command-service-2']));

    const digest = digestOf(hash);
    const events = await allEvents(topology.dataDir);
    const ofLink = (type: string, field: string) =>
      events.filter((event) => event.type === type && (event.data as Record<string, unknown>)[field] === digest);
    expect(ofLink('AccessHashUsed', 'hashDigest')).to.have.length(1);
    expect(ofLink('KeyGenerated', 'accessHashDigest')).to.have.length(1);
  });
});
