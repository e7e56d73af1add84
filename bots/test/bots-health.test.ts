import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReadinessResponse, systemActor } from '@vip/contracts';
import { createLogger, loadConfig, Readiness } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { api } from '../../test/support/http.ts';
import { eventually } from '../../test/support/seed.ts';
import { startBots } from '../src/index.ts';
import { serveHealth } from '../src/shared/health-endpoint.ts';
import type { FakeDiscord } from './fake-discord/fake-discord.ts';
import { flakyEventStore } from './support/flaky-event-store.ts';
import { POSTER_BOT, startFakeDiscord } from './support/world.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const metadata = { correlationId: 'health-test', causationId: 'health-test', actor: systemActor };

describe('the bots’ health check', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let dataDir: string;
  const cleanups: (() => unknown)[] = [];

  beforeEach(async () => {
    fake = await startFakeDiscord();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-bots-health-'));
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /api/ready answers 503 while a bot’s event feed is down and 200 once it follows the log again', async () => {
    const sqlite = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    const store = flakyEventStore(sqlite);
    const readiness = new Readiness();
    const logger = createLogger('bots', 'silent');
    const appConfig = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const running = startBots({
      eventStore: store,
      appConfig,
      env: { DISCORD_API_URL: fake.apiUrl, POSTER_DISCORD_TOKEN: POSTER_BOT.token },
      logger,
      readiness,
      productUrl: 'http://127.0.0.1:9',
    });
    const health = await serveHealth(readiness, { port: 0, host: '127.0.0.1', logger });
    cleanups.push(
      () => sqlite.close(),
      () => running.stop(),
      () => health.close(),
    );
    await running.ready;
    expect(running.bots.poster, 'the poster bot started').to.not.equal(undefined);

    const ready = await api<ReadinessResponse>(health.url, 'GET', '/api/ready');
    expect(ready.status).to.equal(200);
    expect(ready.body).to.deep.equal({ status: 'ready', service: 'bots', checks: { 'poster bot': 'ok' } });

    // EventStoreDB restarts: the subscription fails, and the first attempt to take it up again too
    store.refuseNext('error');
    store.breakSubscriptions('error');
    const down = await api<ReadinessResponse>(health.url, 'GET', '/api/ready');
    expect(down.status).to.equal(503);
    expect(down.body.status).to.equal('not ready');
    expect(down.body.checks['poster bot']).to.match(/^event feed down \(14 UNAVAILABLE: the server restarted\)/);

    await store.append(
      'guild-1',
      [{ type: 'GuildLeft', data: { guildId: '1', leftAt: new Date().toISOString() }, metadata }],
      'any',
    );
    await eventually(
      async () => (await api(health.url, 'GET', '/api/ready')).status === 200,
      10_000,
      'ready again after the resubscription',
    );
    expect((await api(health.url, 'GET', '/api/health')).status).to.equal(404);
  });

  it('the standalone bots process (bots/src/main.ts) serves it on PORT', async () => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bots/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        PRODUCT_API_URL: 'http://127.0.0.1:9',
        DISCORD_API_URL: fake.apiUrl,
        DISCORD_TOKEN: '',
        POSTER_DISCORD_TOKEN: POSTER_BOT.token,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      return exited;
    });

    let url = '';
    await eventually(
      async () => {
        url = /"url":"(http:\/\/127\.0\.0\.1:\d+)\/api\/ready"/.exec(output)?.[1] ?? '';
        if (child.exitCode !== null) throw new Error(`the bots exited early:\n${output}`);
        return url !== '';
      },
      30_000,
      'the health endpoint listening',
    );
    await eventually(
      async () => (await api(url, 'GET', '/api/ready')).status === 200,
      30_000,
      `the poster bot ready:\n${output}`,
    );
    const ready = await api<ReadinessResponse>(url, 'GET', '/api/ready');
    expect(ready.body.checks).to.deep.equal({ 'poster bot': 'ok' });

    child.kill('SIGTERM');
    expect(await exited).to.equal(0);
  });
});
