import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { currentSchemaVersion, systemActor } from '@vip/contracts';
import { createLogger, Keyring, MemorySnapshotStore, SignedSnapshotStore, type SnapshotStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { eventually } from '../../test/support/seed.ts';
import { EventFeed } from '../src/shared/event-feed.ts';
import { FoldCheckpoint, refill, type SnapshotPart } from '../src/shared/fold-checkpoint.ts';
import { holdsGuild, shardOf, shardSetFromEnv, snapshotKeyOf } from '../src/shared/shards.ts';

const silent = createLogger('checkpoint-test', 'silent');
const metadata = { correlationId: 'checkpoint-test', causationId: 'checkpoint-test', actor: systemActor };
/** Two servers on different shards of two: (id >> 22) % 2 is 0 and 1. */
const SHARD_ZERO = '200000000000000001';
const SHARD_ONE = '200000000004194304';

/** A fold of the log: the log channel each server chose. */
class LogChannels implements SnapshotPart<[string, string][]> {
  readonly byGuild = new Map<string, string>();
  attach(feed: EventFeed): void {
    feed.on(['LogChannelSet'], (event) => this.byGuild.set(event.data.guildId, event.data.channelId));
  }
  saveState(): [string, string][] {
    return [...this.byGuild];
  }
  restoreState(state: [string, string][]): void {
    refill(this.byGuild, state);
  }
}

describe('a bot’s folds saved with the position they cover', function () {
  this.timeout(20_000);
  let dir: string;
  let store: SqliteEventStore;
  let snapshots: SnapshotStore;
  const running: { feed: EventFeed; checkpoint: FoldCheckpoint }[] = [];

  const setChannel = (guildId: string, channelId: string) =>
    store.append(
      `bot-settings-${guildId}`,
      [
        {
          type: 'LogChannelSet',
          data: { guildId, channelId, setBy: '1', setAt: new Date().toISOString() },
          metadata: { ...metadata, schemaVersion: currentSchemaVersion('LogChannelSet') },
        },
      ],
      'any',
    );
  const start = async (options: { version?: number; everyEvents?: number; holds?: (id: string) => boolean } = {}) => {
    const fold = new LogChannels();
    const feed = new EventFeed(store, silent, { holdsGuild: options.holds });
    fold.attach(feed);
    const checkpoint = new FoldCheckpoint(
      snapshots,
      store,
      feed,
      'test-bot',
      options.version ?? 1,
      { channels: fold },
      silent,
      { everyEvents: options.everyEvents ?? 1_000, everyMs: 60_000 },
    );
    const after = await checkpoint.restore();
    await feed.start(after);
    checkpoint.start();
    running.push({ feed, checkpoint });
    return { fold, feed, checkpoint, after };
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-checkpoint-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    snapshots = new MemorySnapshotStore();
  });
  afterEach(async () => {
    for (const { feed, checkpoint } of running.splice(0)) {
      feed.stop();
      await checkpoint.stop();
    }
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a start after a stop reads only what came after the snapshot, with the same fold', async () => {
    for (let n = 1; n <= 50; n++) await setChannel(`2000000000000000${String(n).padStart(2, '0')}`, `c${n}`);
    const first = await start();
    expect(first.after).to.equal(null);
    expect(first.feed.eventsRead).to.equal(50);
    first.feed.stop();
    await first.checkpoint.stop();
    expect((await snapshots.load('test-bot'))?.covers).to.equal(first.feed.position);

    await setChannel('200000000000000001', 'changed');
    const second = await start();
    expect(second.after).to.equal(first.feed.position);
    expect(second.feed.eventsRead).to.equal(1);
    expect(second.fold.byGuild.size).to.equal(50);
    expect(second.fold.byGuild.get('200000000000000001')).to.equal('changed');
  });

  it('saves every N events while it reads', async () => {
    const { feed } = await start({ everyEvents: 5 });
    for (let n = 0; n < 12; n++) await setChannel(SHARD_ZERO, `c${n}`);
    await eventually(async () => feed.position !== null && feed.eventsRead === 12, 5_000, 'the events read');
    await eventually(async () => ((await snapshots.load('test-bot'))?.covers ?? 0) > 0, 5_000, 'a snapshot');
  });

  it('saves at once after reading an erasure, so no saved copy keeps the person until the next snapshot', async () => {
    const { feed } = await start({ everyEvents: 1_000 });
    await setChannel(SHARD_ZERO, 'c1');
    await eventually(async () => feed.eventsRead === 1, 5_000, 'the event read');
    expect(await snapshots.load('test-bot'), 'one event of a thousand: no snapshot yet').to.equal(null);
    await store.append(
      'privacy-erasures',
      [
        {
          type: 'PersonErased',
          data: { kind: 'discord', vipWindowsEnded: 0, whitelistEntriesEnded: 0, erasedAt: new Date().toISOString() },
          metadata: { ...metadata, schemaVersion: currentSchemaVersion('PersonErased') },
        },
      ],
      'any',
    );
    const head = await store.headPosition();
    await eventually(async () => (await snapshots.load('test-bot'))?.covers === head, 5_000, 'the snapshot saved');
  });

  it('ignores a snapshot of another version, and removes one that covers more than the log holds', async () => {
    await setChannel(SHARD_ZERO, 'a');
    await snapshots.save('test-bot', { covers: 1, version: 99, state: { channels: [[SHARD_ZERO, 'stale']] } });
    const other = await start();
    expect(other.after).to.equal(null);
    expect(other.fold.byGuild.get(SHARD_ZERO)).to.equal('a');
    other.feed.stop();

    await snapshots.save('test-bot', { covers: 1_000_000, version: 1, state: { channels: [] } });
    const ahead = await start();
    expect(ahead.after, 'a restored log: the snapshot is not the log’s').to.equal(null);
    expect(ahead.fold.byGuild.get(SHARD_ZERO)).to.equal('a');
    ahead.feed.stop();
    expect(await snapshots.load('test-bot')).to.equal(null);
  });

  it('with signed snapshots: uses an untouched one, and ignores one edited in its store (logged at warn)', async () => {
    const stored = new MemorySnapshotStore();
    const warnings: string[] = [];
    const output = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          if (JSON.parse(line).level === 40) warnings.push(JSON.parse(line).msg);
        done();
      },
    });
    snapshots = new SignedSnapshotStore(
      stored,
      new Keyring('the-secret-of-this-test'),
      createLogger('t', 'info', output),
    );
    await setChannel(SHARD_ZERO, 'a');
    await setChannel(SHARD_ONE, 'b');
    const first = await start();
    first.feed.stop();
    await first.checkpoint.stop();

    const untouched = await start();
    expect(untouched.after).to.equal(first.feed.position);
    expect(untouched.feed.eventsRead).to.equal(0);
    untouched.feed.stop();
    await untouched.checkpoint.stop();

    // the log channel of one server changed in the snapshot, its signature left as it was
    const saved = (await stored.load<{ channels: [string, string][] }>('test-bot'))!;
    await stored.remove('test-bot');
    await stored.save('test-bot', { ...saved, state: { channels: [[SHARD_ZERO, 'forged']] } });
    const edited = await start();
    expect(edited.after, 'folded from the start').to.equal(null);
    expect(edited.feed.eventsRead).to.equal(2);
    expect([...edited.fold.byGuild]).to.deep.equal([
      [SHARD_ZERO, 'a'],
      [SHARD_ONE, 'b'],
    ]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/signature does not match/);
  });

  it('a shard folds only its own servers', async () => {
    expect(shardOf(SHARD_ZERO, 2)).to.equal(0);
    expect(shardOf(SHARD_ONE, 2)).to.equal(1);
    const shards = shardSetFromEnv({ SHARDS: '1', SHARD_COUNT: '2' });
    expect(shards).to.deep.equal({ ids: [1], count: 2 });
    expect(shardSetFromEnv({})).to.equal(null);
    expect(snapshotKeyOf('key-bot', shards)).to.equal('key-bot/shards-1-of-2');
    expect(snapshotKeyOf('key-bot', null)).to.equal('key-bot');
    await setChannel(SHARD_ZERO, 'zero');
    await setChannel(SHARD_ONE, 'one');
    const { fold } = await start({ holds: (guildId) => holdsGuild(shards, guildId) });
    expect([...fold.byGuild]).to.deep.equal([[SHARD_ONE, 'one']]);
  });
});
