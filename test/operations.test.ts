import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReadinessResponse } from '@vip/contracts';
import { loadConfig } from '@vip/platform';
import { expect } from 'chai';
import { type RunningProduct, startAllInOne as startInProcess } from '../src/all-in-one.ts';
import { ADMIN, METRICS_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';
import { allEvents, eventually } from './support/seed.ts';
import { LiveClient } from './support/ws-client.ts';

/** One sample of a metric from Prometheus' text format, e.g. sample(text, 'vip_projection_lag_events', { projection: 'audit' }). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('operations: metrics, readiness, logs with correlation ids, graceful shutdown', function () {
  this.timeout(60_000);

  describe('/metrics and readiness of the all-in-one process', () => {
    let product: RunningProduct;
    let dataDir: string;
    let token: string;
    const metrics = async () => {
      const response = await fetch(`${product.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain/);
      return response.text();
    };
    const lagOf = async (projection: string) => sample(await metrics(), 'vip_projection_lag_events', { projection });
    const post = (title: string) =>
      api(product.url, 'POST', '/api/announcements', { token, body: { title, content: 'for the metrics' } });

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-ops-'));
      const env = {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        METRICS_TOKEN,
      };
      product = await startInProcess(loadConfig(env));
      token = await login(product.url, ADMIN.username, ADMIN.password);
    });
    after(async () => {
      await product?.close();
      removeDataDir(dataDir);
    });

    it('is ready once the projections have caught up', async () => {
      const ready = await api<ReadinessResponse>(product.url, 'GET', '/api/ready');
      expect(ready.status).to.equal(200);
      expect(ready.body).to.deep.include({ status: 'ready' });
      expect(ready.body.checks).to.deep.equal({ 'event store': 'ok', 'read store': 'ok', projections: 'ok' });
    });

    it('counts requests by route template and status, appends, and ws clients', async () => {
      await api(product.url, 'GET', '/api/hash/check/SECRET-HASH-VALUE');
      expect((await post('counted')).status).to.equal(201);
      const live = await LiveClient.connect(product.url, { type: 'auth', token });
      await live.waitFor((message) => message.type === 'ready');
      const text = await metrics();
      live.close();
      expect(
        sample(text, 'vip_http_requests_total', { method: 'POST', route: '/api/announcements', status: '201' }),
      ).to.be.at.least(1);
      expect(sample(text, 'vip_http_requests_total', { method: 'GET', route: '/api/hash/check/:hash' })).to.equal(1);
      expect(text).to.not.contain('SECRET-HASH-VALUE');
      expect(
        sample(text, 'vip_http_request_duration_seconds_count', { route: '/api/auth/login', status: '200' }),
      ).to.be.at.least(1);
      expect(sample(text, 'vip_event_store_appends_total', { outcome: 'ok' })).to.be.at.least(1);
      expect(sample(text, 'vip_event_store_events_appended_total')).to.be.at.least(1);
      expect(sample(text, 'vip_ws_clients')).to.equal(1);
      expect(sample(text, 'vip_projection_lag_events', { projection: 'announcements' })).to.equal(0);
    });

    it('shows a paused projection’s lag rising while the others keep up, and falling after it resumes', async () => {
      expect(await lagOf('audit')).to.equal(0);
      product.runner.pause('audit');
      await post('while paused 1');
      const lagAfterOne = await lagOf('audit');
      expect(lagAfterOne).to.be.greaterThan(0);
      await post('while paused 2');
      await post('while paused 3');
      const lagAfterThree = (await lagOf('audit'))!;
      expect(lagAfterThree).to.be.greaterThan(lagAfterOne!);
      expect(sample(await metrics(), 'vip_projection_paused', { projection: 'audit' })).to.equal(1);
      // the others went on: the posts are listed at once
      expect(await lagOf('announcements')).to.equal(0);

      await product.runner.resume('audit');
      await eventually(async () => (await lagOf('audit')) === 0, 5000, 'the audit lag falling back to 0');
      expect(sample(await metrics(), 'vip_projection_paused', { projection: 'audit' })).to.equal(0);
      const trail = await api(product.url, 'GET', '/api/admin/audit?type=AnnouncementPosted', { token });
      expect(trail.body.events.map((event: { data: { title: string } }) => event.data.title).slice(0, 3)).to.deep.equal(
        ['while paused 3', 'while paused 2', 'while paused 1'],
      );
    });
  });

  describe('structured logs: one correlation id from the request to the projection', () => {
    let product: SpawnedProduct;

    before(async () => {
      product = await startAllInOne({ env: { LOG_LEVEL: 'debug' } });
    });
    after(async () => {
      await product?.stop();
      if (product) removeDataDir(product.dataDir);
    });

    const logLines = () =>
      product
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);

    it('echoes the id, stores it in the event, logs the request and the projected batch with it, never the token', async () => {
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      const correlationId = 'ops-test-correlation-0001';
      const posted = await api(product.url, 'POST', '/api/announcements?secret=query-string-value', {
        token,
        body: { title: 'Traced', content: 'follow me' },
        headers: { 'x-correlation-id': correlationId },
      });
      expect(posted.status).to.equal(201);
      expect(posted.headers.get('x-correlation-id')).to.equal(correlationId);
      const event = (await allEvents(product.dataDir)).find((recorded) => recorded.type === 'AnnouncementPosted')!;
      expect(event.metadata.correlationId).to.equal(correlationId);
      await api(product.url, 'GET', '/api/hash/validate/ANOTHER-SECRET-HASH');

      await eventually(
        async () =>
          logLines().some(
            (line) => line.msg === 'projected a batch' && (line.correlationIds as string[]).includes(correlationId),
          ),
        5000,
        'the projection logging the batch',
      );
      // (the child's output reaches us through a pipe, a moment after its answers)
      await eventually(
        async () => logLines().some((line) => line.msg === 'request' && line.route === '/api/hash/validate/:hash'),
        5000,
        'the access log line',
      );
      const request = logLines().find((line) => line.msg === 'request' && line.correlationId === correlationId)!;
      expect(request).to.include({
        level: 30,
        method: 'POST',
        path: '/api/announcements',
        route: '/api/announcements',
        status: 201,
      });
      expect(request.durationMs).to.be.a('number');
      const hashCheck = logLines().find((line) => line.msg === 'request' && line.route === '/api/hash/validate/:hash')!;
      expect(hashCheck.path).to.equal('/api/hash/validate/:hash');

      const output = product.output();
      for (const secret of [token, 'ANOTHER-SECRET-HASH', 'query-string-value', ADMIN.password])
        expect(output).to.not.contain(secret);
      expect(output.toLowerCase()).to.not.contain('"authorization"');
    });
  });

  describe('graceful shutdown', () => {
    it('on SIGTERM answers the requests in flight, then exits cleanly', async () => {
      // one client's six sign-ins all hash (the default lets a client have three running or waiting)
      const product = await startAllInOne({ env: { LOG_LEVEL: 'info', PASSWORD_HASHES_PER_CLIENT: '6' } });
      try {
        // sign-ins cost argon2 work: several are still in flight when the signal arrives
        const inFlight = Array.from({ length: 6 }, () =>
          api(product.url, 'POST', '/api/auth/login', { body: { username: ADMIN.username, password: ADMIN.password } }),
        );
        // once the first is answered, the server has read all six (the others wait for a hash); a fixed
        // pause could signal before a slow machine had sent them, and a connection not yet read is closed
        await Promise.race(inFlight);
        const exited = new Promise<number | null>((resolve) => product.process.once('exit', (code) => resolve(code)));
        product.process.kill('SIGTERM');
        const answers = await Promise.all(inFlight);
        expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
        expect(await exited).to.equal(0);
        const lines = product
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { msg: string; route?: string });
        const shutdownAt = lines.findIndex((line) => line.msg === 'shutting down');
        expect(shutdownAt).to.be.at.least(0);
        // sign-ins were still being answered after the signal: they were drained, not dropped
        expect(
          lines.slice(shutdownAt).filter((line) => line.msg === 'request' && line.route === '/api/auth/login').length,
        ).to.be.greaterThan(0);
        expect(lines[lines.length - 1].msg).to.equal('stopped');
        // it no longer listens
        expect(
          await fetch(`${product.url}/api/health`).then(
            () => 'answered',
            () => 'refused',
          ),
        ).to.equal('refused');
      } finally {
        await product.stop();
        removeDataDir(product.dataDir);
      }
    });
  });
});
