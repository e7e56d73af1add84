import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { systemActor } from '@vip/contracts';
import { createLogger, Readiness } from '@vip/platform';
import { EventStoreDbEventStore } from '@vip/platform/event-store/eventstoredb-event-store.ts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { eventually } from '../../test/support/seed.ts';
import { EventFeed, type FedEvent } from '../src/shared/event-feed.ts';
import { type FlakyEventStore, flakyEventStore } from './support/flaky-event-store.ts';

const metadata = { correlationId: 'feed-test', causationId: 'feed-test', actor: systemActor };
const silent = createLogger('event-feed-test', 'silent');

/**
 * The bots' feed over a store whose subscription fails or ends: it takes the log up again
 * after the last event it handed out, and every event reaches the listeners once.
 */
describe('the bots’ event feed when its subscription is lost', function () {
  this.timeout(20_000);
  let dir: string;
  let sqlite: SqliteEventStore;
  let store: FlakyEventStore;
  let feed: EventFeed;
  let seen: FedEvent<'GuildLeft'>[];
  let guilds = 0;

  const leave = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const guildId = String(++guilds);
      await store.append(
        `guild-${guildId}`,
        [{ type: 'GuildLeft', data: { guildId, leftAt: new Date().toISOString() }, metadata }],
        'any',
      );
    }
  };
  const seenGuilds = () => seen.map((event) => event.data.guildId);
  const upTo = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-feed-'));
    sqlite = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    store = flakyEventStore(sqlite);
    guilds = 0;
    seen = [];
    feed = new EventFeed(store, silent, { retryFirstMs: 20, retryMaxMs: 200 });
    feed.on(['GuildLeft'], (event) => seen.push(event));
  });
  afterEach(async () => {
    feed.stop();
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const ending of ['error', 'complete'] as const) {
    it(`resumes after the last event it saw when the subscription ${ending === 'error' ? 'fails' : 'ends without an error'}`, async () => {
      await leave(3);
      await feed.start();
      expect(seenGuilds()).to.deep.equal(upTo(3));
      expect(feed.health()).to.equal(true);
      const lastSeen = seen[2].position;

      store.breakSubscriptions(ending);
      expect(feed.status).to.equal('down');
      expect(feed.health()).to.match(/^event feed down \(.+\); resubscribing in \d+ ms$/);
      await leave(3); // written while the feed is down

      await eventually(async () => feed.status === 'live', 5_000, 'the feed live again');
      await eventually(async () => seen.length >= 6, 5_000, 'the events written meanwhile');
      await leave(1); // and it stays live afterwards
      await eventually(async () => seen.length >= 7, 5_000, 'an event written after the resubscription');
      expect(seenGuilds()).to.deep.equal(upTo(7));
      expect(store.subscriptions).to.deep.equal([undefined, lastSeen]);
      expect(feed.health()).to.equal(true);
    });
  }

  it('keeps trying, waiting longer each time, while the store refuses; then delivers what it missed once', async () => {
    await leave(2);
    await feed.start();
    store.refuseNext('error', 'complete', 'error');
    store.breakSubscriptions('error');
    await leave(2);
    await eventually(async () => feed.status === 'live' && seen.length >= 4, 5_000, 'the feed back after refusals');
    expect(seenGuilds()).to.deep.equal(upTo(4));
    // the first subscription, the broken one's successor refused three times, then the one that held
    expect(store.subscriptions).to.have.length(5);
    expect(store.subscriptions.slice(1)).to.deep.equal(Array(4).fill(seen[1].position));
    // 20, 40, 80, 160 ms apart at least (timers never fire early; a busy machine only adds)
    const gaps = store.subscribedAt.slice(1).map((at, i) => at - store.subscribedAt[i]);
    for (const [i, gap] of gaps.entries()) expect(gap, `wait ${i + 1}`).to.be.at.least(20 * 2 ** i - 2);
  });

  it('hands no event out twice when a store re-delivers from an earlier position', async () => {
    await leave(3);
    await feed.start();
    store.ignoreAfter = true;
    store.breakSubscriptions('complete');
    await leave(2);
    await eventually(async () => feed.status === 'live' && seen.length >= 5, 5_000, 'the feed back');
    await new Promise((resolve) => setTimeout(resolve, 100)); // a duplicate would arrive now
    expect(seenGuilds()).to.deep.equal(upTo(5));
  });

  it('retries a store that cannot be read at start, and start() waits for it', async () => {
    await leave(1);
    store.refuseNext('error', 'error');
    const started = feed.start();
    await eventually(async () => store.subscriptions.length >= 2, 5_000, 'a second attempt');
    await started;
    expect(seenGuilds()).to.deep.equal(['1']);
    expect(feed.health()).to.equal(true);
  });

  it('tells readiness it is down until it is live again', async () => {
    const readiness = new Readiness();
    readiness.add('key bot', () => feed.health());
    await feed.start();
    expect(await readiness.report()).to.deep.include({ ready: true });
    store.refuseNext('error');
    store.breakSubscriptions('error');
    const down = await readiness.report();
    expect(down.ready).to.equal(false);
    expect(down.checks['key bot']).to.match(/^event feed down/);
    await eventually(async () => (await readiness.report()).ready, 5_000, 'ready again');
  });

  it('stop() ends the retries and rejects a start still waiting', async () => {
    store.refuseNext('error', 'error', 'error', 'error', 'error', 'error');
    const started = feed.start();
    feed.stop();
    let failure: unknown;
    await started.catch((error: unknown) => (failure = error));
    expect(String(failure)).to.contain('stopped before it caught up');
    const attempts = store.subscriptions.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(store.subscriptions).to.have.length(attempts);
    expect(feed.health()).to.equal('event feed stopped');
  });
});

/**
 * The same over the EventStoreDB adapter, its client stubbed where a server would answer: the
 * client's subscription is a stream that can end without an error, which the adapter must
 * report for the feed to take it up again.
 */
describe('the bots’ event feed over the EventStoreDB adapter when the server ends the subscription', () => {
  const resolved = (position: number, guildId: string) => ({
    commitPosition: BigInt(position),
    event: {
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      streamId: `guild-${guildId}`,
      type: 'GuildLeft',
      data: { guildId, leftAt: new Date().toISOString() },
      metadata,
      revision: 0n,
      position: { commit: BigInt(position), prepare: BigInt(position) },
      created: new Date(),
    },
  });

  it('resubscribes from the last commit position it handed out and delivers each event once', async () => {
    const log = [resolved(100, '1'), resolved(200, '2')];
    const asked: unknown[] = [];
    const streams: PassThrough[] = [];
    const client = {
      // headPosition: the newest event, read backwards
      readAll: () => Object.assign(Readable.from([log[log.length - 1]]), { cancel: async () => undefined }),
      subscribeToAll: (options: { fromPosition: unknown }) => {
        asked.push(options.fromPosition);
        const stream = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: async () => undefined });
        streams.push(stream);
        const from =
          typeof options.fromPosition === 'object' ? Number((options.fromPosition as { commit: bigint }).commit) : -1;
        setImmediate(() => {
          for (const event of log) if (Number(event.commitPosition) >= from) stream.write(event);
          stream.emit('caughtUp');
        });
        return stream;
      },
      dispose: async () => undefined,
    };
    const store = new EventStoreDbEventStore('esdb://127.0.0.1:1?tls=false');
    (store as unknown as { client: unknown }).client = client;
    const feed = new EventFeed(store, silent, { retryFirstMs: 10 });
    const seen: string[] = [];
    feed.on(['GuildLeft'], (event) => seen.push(event.data.guildId));
    try {
      await feed.start();
      expect(seen).to.deep.equal(['1', '2']);

      streams[0].end(); // the server closed the stream, no error
      await eventually(async () => streams.length === 2, 5_000, 'a second subscription');
      expect(asked[1]).to.deep.equal({ commit: 200n, prepare: 200n });
      log.push(resolved(300, '3'));
      streams[1].write(log[2]);
      await eventually(async () => seen.length >= 3, 5_000, 'the event after the resubscription');
      await new Promise((resolve) => setTimeout(resolve, 50)); // a duplicate of 200 would arrive now
      expect(seen).to.deep.equal(['1', '2', '3']);
      expect(feed.health()).to.equal(true);
    } finally {
      feed.stop();
      await store.close();
    }
  });
});
