import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closeContainer, createContainer, loadConfig } from '@vip/platform';
import { createQueryApp, resolveQueryDeps } from '@vip/query-service';
import { expect } from 'chai';
import { type RunningProduct, startAllInOne as startInProcess } from '../src/all-in-one.ts';
import { ADMIN, removeDataDir } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

/**
 * Issue #19 item 5: /metrics (sign-ins per route and outcome, event counts) and the details
 * of /api/health (adapters, the log's head, every projection's lag) were public on the
 * all-in-one's port. A scraper now brings METRICS_TOKEN; without one the all-in-one serves
 * no /metrics; anyone learns from /api/health whether the product is up, and only admins
 * and the scraper see its details.
 */
describe('operations data is not public (issue #19 item 5)', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  const configFor = (env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-ops-access-'));
    dirs.push(dataDir);
    return loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    });
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  after(() => {
    for (const dir of dirs) removeDataDir(dir);
  });

  describe('the all-in-one with METRICS_TOKEN', () => {
    let product: RunningProduct;
    before(async () => {
      product = await startInProcess(configFor({ METRICS_TOKEN }));
    });
    after(async () => product?.close());

    it('serves /metrics to the token only', async () => {
      for (const headers of [
        {},
        bearer('wrong-token'),
        bearer(await login(product.url, ADMIN.username, ADMIN.password)),
      ]) {
        const refused = await fetch(`${product.url}/metrics`, { headers });
        expect(refused.status, JSON.stringify(headers)).to.equal(401);
        expect(await refused.text()).to.not.contain('vip_');
      }
      const scraped = await fetch(`${product.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
      expect(scraped.status).to.equal(200);
      expect(await scraped.text()).to.contain('vip_http_requests_total');
    });

    it('says only whether it is up to anyone; the details to admins and the token', async () => {
      const anonymous = await api(product.url, 'GET', '/api/health');
      expect(anonymous.status).to.equal(200);
      // the all-in-one runs the bots, and says honestly that none runs here (no bot token in the test)
      expect(anonymous.body).to.deep.equal({ status: 'ok', bots: { key: 'not running', poster: 'not running' } });
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      for (const headers of [bearer(token), bearer(METRICS_TOKEN)]) {
        const detailed = await api(product.url, 'GET', '/api/health', { headers });
        expect(detailed.status).to.equal(200);
        expect(detailed.body).to.include({ status: 'ok', service: 'all-in-one' });
        expect(detailed.body.eventStore).to.have.property('headPosition');
        expect(detailed.body.projections).to.be.an('array').that.is.not.empty;
        expect(detailed.body.bots).to.deep.equal({ key: 'not running', poster: 'not running' });
      }
    });
  });

  describe('the all-in-one without METRICS_TOKEN', () => {
    let product: RunningProduct;
    before(async () => {
      product = await startInProcess(configFor());
    });
    after(async () => product?.close());

    it('serves no /metrics at all on its public port', async () => {
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      for (const headers of [{}, bearer(token)]) {
        const answer = await fetch(`${product.url}/metrics`, { headers });
        expect(answer.status).to.equal(404);
        expect(await answer.text()).to.not.contain('vip_');
      }
      expect((await api(product.url, 'GET', '/api/health')).body).to.deep.equal({
        status: 'ok',
        bots: { key: 'not running', poster: 'not running' },
      });
    });
  });

  describe('a query-service of docker-compose (its port reached only inside the deployment)', () => {
    it('still serves its own /metrics to the deployment’s scraper without a token', async () => {
      const container = await createContainer(configFor(), 'query-service');
      const server = http.createServer(createQueryApp(await resolveQueryDeps(container)).callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const scraped = await fetch(`${url}/metrics`);
        expect(scraped.status).to.equal(200);
        expect(await scraped.text()).to.contain('vip_');
        expect((await api(url, 'GET', '/api/health')).body).to.deep.equal({ status: 'ok' });
      } finally {
        server.close();
        await closeContainer(container);
      }
    });
  });
});
