import path from 'node:path';
import { currentSchemaVersion, personalStreams, systemActor } from '@vip/contracts';
import {
  createLogger,
  embeddedFiles,
  loadConfig,
  PersonalDataEventStore,
  SqlitePersonalKeys,
  SqliteSnapshotStore,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../../test/support/all-in-one.ts';
import { api } from '../../test/support/http.ts';
import { appendEvents, eventually, streamEvents } from '../../test/support/seed.ts';
import { loadBotsConfig } from '../src/config.ts';
import { KEY_BOT_SNAPSHOT_VERSION, type RunningBot, startKeyBot } from '../src/key-bot/key-bot.ts';
import type { FakeDiscord } from './fake-discord/fake-discord.ts';
import { type CountingEventStore, countingEventStore } from './support/counting-event-store.ts';
import { countingProxy, type ProxiedCall } from './support/counting-proxy.ts';
import { generateKey, redeem } from './support/journeys.ts';
import { seedVerifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, KEY_BOT, OWNER, startFakeDiscord } from './support/world.ts';

const member = (n: number) => `34000000000000000${n}`;
const WINDOW_SECONDS = 10;
const metadata = { correlationId: 'filler', causationId: 'filler', actor: systemActor, schemaVersion: 2 };

/** Events none of the key bot's folds want, as a busy log is mostly made of (visits). */
async function fill(store: SqliteEventStore, count: number): Promise<void> {
  const at = new Date().toISOString();
  for (let done = 0; done < count; done += 500) {
    const events = Array.from({ length: Math.min(500, count - done) }, (_, i) => ({
      type: 'VisitRecorded',
      data: { visitorDigest: 'filler', guildId: null, visitedAt: at, pageLoadId: `filler-${done + i}` },
      metadata: { ...metadata, schemaVersion: currentSchemaVersion('VisitRecorded') },
    }));
    await store.append('visitor-filler', events, 'any');
  }
}

/**
 * The key bot in this process (to count what it reads) against the product in a child
 * process and the fake Discord: stopped, and started again on a longer log, it reads only the
 * events after its snapshot, re-reports nothing that did not change, and still does what the
 * log says (the VIP window open before the restart ends on time, the greeting still greets).
 */
describe('key bot: a start resumes from the snapshot of its folds', function () {
  this.timeout(90_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let sqlite: SqliteEventStore;
  /** The log as the product reads it: members' ids through their keys. */
  let log: PersonalDataEventStore;
  let snapshots: SqliteSnapshotStore;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let bot: RunningBot | undefined;

  const startBot = async (): Promise<CountingEventStore> => {
    const eventStore = countingEventStore(log);
    const appConfig = loadConfig({ DATA_DIR: product.dataDir, BOT_API_TOKEN: BOT_TOKEN, LOG_LEVEL: 'silent' });
    const config = loadBotsConfig(appConfig, {
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_TOKEN: KEY_BOT.token,
      PRODUCT_API_URL: proxy.url,
      PUBLIC_URL: 'https://vip.example',
      GUILD_REPORT_INTERVAL_SECONDS: '1',
    });
    const logger = createLogger('key-bot', 'silent');
    bot = await startKeyBot({ eventStore, snapshotStore: snapshots, config, vipRoleMinutes: 1, logger, shards: null });
    return eventStore;
  };
  const reportsSince = (from: number) =>
    proxy.calls.filter((call: ProxiedCall) => call.at >= from && call.path === `/api/bot/guilds/${GUILD}`);

  before(async () => {
    fake = await startFakeDiscord();
    for (let n = 1; n <= 3; n++) fake.addMember(fake.guild(GUILD), member(n), `member${n}`);
    // the product alone; the bot runs here, on the same data directory
    product = await startAllInOne({ env: { VIP_ROLE_SECONDS: String(WINDOW_SECONDS) } });
    proxy = await countingProxy(product.url);
    await seedVerifiedOwner(product.dataDir, GUILD, OWNER);
    const at = new Date().toISOString();
    await appendEvents(product.dataDir, `greeting-${GUILD}`, [
      {
        type: 'GreetingConfigured',
        data: {
          guildId: GUILD,
          enabled: true,
          channelId: CHANNELS.welcome,
          delay: 1,
          message: 'Welcome {user}!',
          configuredAt: at,
        },
      },
    ]);
    sqlite = new SqliteEventStore(path.join(product.dataDir, 'events.sqlite'));
    log = new PersonalDataEventStore(sqlite, new SqlitePersonalKeys(embeddedFiles(product.dataDir).personalKeys));
    snapshots = new SqliteSnapshotStore(path.join(product.dataDir, 'snapshots.sqlite'));
    await fill(sqlite, 4_000);
  });
  after(async () => {
    await bot?.stop();
    await proxy?.close();
    await snapshots?.close();
    await log?.close();
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('reads only the events after its snapshot, re-reports nothing unchanged, and behaves the same', async () => {
    const first = await startBot();
    expect(first.counts.subscriptions, 'no snapshot yet: the whole log').to.deep.equal([undefined]);
    expect(first.counts.eventsDelivered).to.be.at.least(4_000);
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
    const answer = await redeem(fake, member(1), await generateKey(product));
    expect(answer.data.content).to.match(/Key accepted/);
    expect((await redeem(fake, member(2), await generateKey(product))).data.content).to.match(/Key accepted/);
    const granted = (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, member(1)))).at(-1)!;
    const until = Date.parse((granted.data as { until: string }).until);

    // the bot's fold has the window (so that the snapshot, not the events after it, carries it)
    await eventually(
      async () => {
        const stats = fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.general, userId: OWNER }, 'stats');
        const fields = (await fake.answerTo(stats)).data.embeds?.[0]?.fields as { name: string; value: string }[];
        return fields.find((field) => field.name === 'VIPs right now')?.value === '2';
      },
      5_000,
      'the window in the bot’s fold',
    );
    await bot!.stop();
    bot = undefined;
    const saved = await snapshots.load<Record<string, unknown>>('key-bot');
    expect(saved, 'a snapshot saved on stop').to.not.equal(null);
    expect(saved!.version).to.equal(KEY_BOT_SNAPSHOT_VERSION);
    expect(saved!.covers).to.be.at.least(granted.position);

    // the log grows while the bot is down, and a member leaves and comes back unseen
    await fill(sqlite, 300);
    fake.memberLeaves(GUILD, member(2));
    fake.memberJoins(GUILD, member(2), 'member2');
    const restartedAt = Date.now();
    const second = await startBot();
    expect(second.counts.subscriptions).to.deep.equal([saved!.covers]);
    expect(second.counts.eventsDelivered, 'the events since the snapshot, not the log').to.be.within(300, 320);

    // nothing about the server changed while the bot was down: no report at ready
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(reportsSince(restartedAt)).to.have.length(0);

    // the member who came back while the bot was away has their window's role again
    const roleId = [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')!.id;
    await fake.waitForCall(
      (call) =>
        call.method === 'PUT' &&
        call.path === `/guilds/${GUILD}/members/${member(2)}/roles/${roleId}` &&
        call.at >= restartedAt,
      5_000,
      'the role given back after the restart',
    );
    // the window opened before the restart ends on time
    const removal = await fake.waitForCall(
      (call) => call.method === 'DELETE' && call.path === `/guilds/${GUILD}/members/${member(1)}/roles/${roleId}`,
      WINDOW_SECONDS * 1000 + 3_000,
      'the role removal',
    );
    expect(removal.at).to.be.within(until - 50, until + 1_500);

    // the greeting set before the restart still greets
    fake.memberJoins(GUILD, member(3), 'member3');
    const greeting = await fake.waitForCall(
      (call) => call.method === 'POST' && call.path === `/channels/${CHANNELS.welcome}/messages`,
      5_000,
      'the greeting',
    );
    expect(greeting.body.content).to.equal(`Welcome <@${member(3)}>!`);
    // the join changed the member count: that report is sent
    await eventually(async () => reportsSince(restartedAt).length === 1, 5_000, 'the member count reported');
  });
});
