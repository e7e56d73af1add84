import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store.ts';
import { healthRoutes } from '../src/http/health.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';
import { Readiness } from '../src/readiness.ts';

describe('GET /api/ready', () => {
  let dir: string;
  let server: http.Server;
  let url: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  const readiness = new Readiness();
  let caughtUp = false;
  const ready = async () => {
    const response = await fetch(`${url}/api/ready`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; checks: Record<string, string> },
    };
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-ready-'));
    eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    readStore = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
    readiness.add('projections', () => caughtUp || 'catching up with the log');
    const app = new Koa();
    app.use(healthRoutes('test', eventStore, readStore, readiness).routes());
    server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([eventStore.close(), readStore.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with the unmet checks until the projections have caught up, then 200', async () => {
    expect(await ready()).to.deep.equal({
      status: 503,
      body: {
        status: 'not ready',
        service: 'test',
        checks: { 'event store': 'ok', 'read store': 'ok', projections: 'catching up with the log' },
      },
    });
    caughtUp = true;
    expect((await ready()).status).to.equal(200);
  });

  it('answers 503 once the process is shutting down', async () => {
    readiness.drain();
    const { status, body } = await ready();
    expect(status).to.equal(503);
    expect(body.checks.shutdown).to.equal('shutting down');
  });

  it('answers 503 when a store no longer answers', async () => {
    const broken = new Readiness();
    broken.add('read store', async () => {
      throw new Error('database is locked');
    });
    expect(await broken.report()).to.deep.equal({ ready: false, checks: { 'read store': 'database is locked' } });
  });
});

describe('GET /api/health: the bots of a process that runs them', () => {
  it('says each bot runs, starts or does not run, from its own check (none: not started here)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-bots-'));
    const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const readStore = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
    const readiness = new Readiness();
    let keyBot: true | string = 'starting';
    readiness.add('key bot', () => keyBot);
    const serve = (botsHere: boolean) => {
      const app = new Koa();
      app.use(healthRoutes('test', eventStore, readStore, readiness, { botsHere }).routes());
      return http.createServer(app.callback()).listen(0, '127.0.0.1');
    };
    const withBots = serve(true);
    const withoutBots = serve(false);
    await Promise.all(
      [withBots, withoutBots].map((server) => new Promise((resolve) => server.once('listening', resolve))),
    );
    const health = async (server: http.Server) =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`)).json();
    try {
      expect(await health(withBots)).to.deep.equal({ status: 'ok', bots: { key: 'starting', poster: 'not running' } });
      keyBot = true;
      expect((await health(withBots)).bots.key).to.equal('running');
      keyBot = 'event feed down (refused); resubscribing in 500 ms';
      expect((await health(withBots)).bots.key).to.equal('not running');
      // a service without the bots cannot know: it says nothing of them
      expect(await health(withoutBots)).to.deep.equal({ status: 'ok' });
    } finally {
      await Promise.all([withBots, withoutBots].map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all([eventStore.close(), readStore.close()]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
