import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HealthResponse, projectionLagCountLimit } from '@vip/contracts';
import { expect } from 'chai';
import Koa from 'koa';
import { healthRoutes } from '../src/http/health.ts';
import { saveCheckpoints } from '../src/projection-checkpoints.ts';
import { EventsBehind } from '../src/projection-lag.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';
import { resolvedEntry as resolved, stubbedEventStoreDb } from './support/stubbed-eventstoredb.ts';

describe('projection lag in events, the same on both stores', () => {
  // three of our events 1,400 and 2,600 bytes apart, and a system event among them
  const log = [resolved(1000), resolved(2400), resolved(3000, '$statsCollected'), resolved(5000)];

  it('counts the events after a checkpoint on EventStoreDB, whose positions are byte offsets', async () => {
    const { store } = stubbedEventStoreDb(log);
    const lags = await new EventsBehind(store).of([1000, 5000, null]);
    expect(lags.get(1000)).to.equal(2); // not 5000 − 1000 bytes
    expect(lags.get(5000)).to.equal(0);
    expect(lags.get(null)).to.equal(3); // nothing applied yet: every event of ours
  });

  it('counts only what was appended since the last time, and at most the limit', async () => {
    const growing = [resolved(1000), resolved(2400)];
    const { store, reads } = stubbedEventStoreDb(growing);
    const behind = new EventsBehind(store, 3);
    expect((await behind.of([1000])).get(1000)).to.equal(1);
    growing.push(resolved(3100), resolved(4100), resolved(5100));
    reads.length = 0;
    // from the last event counted before, not from the checkpoint again; and no further than the limit
    expect((await behind.of([1000])).get(1000)).to.equal(3);
    expect(reads).to.deep.equal([{ from: 2400, delivered: 3 }]);
    reads.length = 0;
    expect((await behind.of([1000])).get(1000)).to.equal(3);
    expect(reads, 'a count at the limit reads nothing more').to.deep.equal([]);
  });

  it('GET /api/health reports each projection’s lag in events on EventStoreDB', async () => {
    const { store } = stubbedEventStoreDb(log);
    const readStore = new SqliteReadStore(':memory:');
    await saveCheckpoints(readStore, ['announcements'], 1000);
    await saveCheckpoints(readStore, ['users'], 5000);
    const app = new Koa();
    app.use(healthRoutes('test', store, readStore, undefined, { metricsToken: 'scraper' }).routes());
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const health = (await (
        await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization: 'Bearer scraper' } })
      ).json()) as HealthResponse;
      expect(health.eventStore).to.deep.equal({ adapter: 'eventstoredb', headPosition: 5000 });
      expect(health.projections).to.deep.equal([
        { name: 'announcements', checkpoint: 1000, lag: 2 },
        { name: 'users', checkpoint: 5000, lag: 0 },
      ]);
    } finally {
      server.close();
      await readStore.close();
    }
  });

  it('counts at most projectionLagCountLimit events by default, and reads no further', async () => {
    const long = Array.from({ length: projectionLagCountLimit + 50 }, (_, i) => resolved(100 * (i + 1)));
    const { store, reads } = stubbedEventStoreDb(long);
    expect((await new EventsBehind(store).of([null])).get(null)).to.equal(projectionLagCountLimit);
    expect(reads[0].delivered).to.be.below(long.length);
  });
});
