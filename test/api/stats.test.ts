import path from 'node:path';
import { type AdminStatsResponse, type DomainEvent, type PublicStatsResponse, utcDay } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails, login } from '../support/http.ts';

const DAY = 86_400_000;
const metadata = {
  correlationId: 'stats-test',
  causationId: 'stats-test',
  actor: { kind: 'system' as const, id: 'test' },
};

/** A small random history over the last 20 days, written straight into the log. */
function history(now: number): Array<{ stream: string; event: DomainEvent }> {
  const out: Array<{ stream: string; event: DomainEvent }> = [];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 120; i++) {
    const at = new Date(now - Math.floor(random() * 20 * DAY)).toISOString();
    const keyDigest = `digest-${i}`;
    const guildId = random() < 0.5 ? '100000000000000001' : '100000000000000002';
    out.push({
      stream: `key-${keyDigest}`,
      event: {
        type: 'KeyGenerated',
        data: {
          keyDigest,
          guildId,
          tier: 'free',
          noAds: false,
          expiresAt: at,
          generatedAt: at,
          visitorDigest: `v${i % 17}`,
          accessHashDigest: null,
        },
      },
    });
    if (random() < 0.4)
      out.push({
        stream: `key-${keyDigest}`,
        event: {
          type: 'KeyRedeemed',
          data: { keyDigest, guildId, discordUserId: `2000000000000000${i}`, redeemedAt: at },
        },
      });
  }
  for (let i = 0; i < 30; i++) {
    const at = new Date(now - Math.floor(random() * 10 * DAY)).toISOString();
    out.push({
      stream: `visitor-v${i % 11}`,
      // a page load as v1 wrote it (a visit without a server was only ever the twin of this one)
      event: {
        type: 'VisitRecorded',
        data: { visitorDigest: `v${i % 11}`, guildId: '100000000000000001', visitedAt: at },
      },
    });
  }
  // one member's window still open, one closed by the bot, one long past
  const vip = (user: string, until: number) => ({
    stream: `vip-1-${user}`,
    event: {
      type: 'VipRoleGranted',
      data: {
        guildId: '100000000000000001',
        discordUserId: user,
        keyDigest: 'k',
        until: new Date(until).toISOString(),
        grantedAt: new Date(now).toISOString(),
      },
    } as DomainEvent,
  });
  out.push(
    vip('300000000000000001', now + 30 * 60_000),
    vip('300000000000000002', now + 30 * 60_000),
    vip('300000000000000003', now - DAY),
  );
  out.push({
    stream: 'vip-1-300000000000000002',
    event: {
      type: 'VipRoleRemoved',
      data: {
        guildId: '100000000000000001',
        discordUserId: '300000000000000002',
        removedAt: new Date(now - 1000).toISOString(),
      },
    },
  });
  return out;
}

describe('statistics match counts computed independently from the events', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;

  before(async () => {
    product = await startAllInOne();
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('keys per day, totals, changes, visitors and active VIPs', async () => {
    const now = Date.now();
    const written = history(now);
    const store = new SqliteEventStore(path.join(product.dataDir, 'events.sqlite'));
    for (const { stream, event } of written)
      await store.append(stream, [{ type: event.type, data: event.data, metadata }], 'any');
    const head = await store.headPosition();
    await store.close();

    const token = await login(product.url, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 100; i++) {
      const health = (await healthDetails(product.url)).body;
      if (health.projections.every((p) => (p.checkpoint ?? 0) >= head!)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stats = (await api<AdminStatsResponse>(product.url, 'GET', '/api/admin/stats', { token })).body;

    // the same figures, counted here from what the test wrote
    const generated = written
      .filter((w) => w.event.type === 'KeyGenerated')
      .map((w) => utcDay((w.event.data as { generatedAt: string }).generatedAt));
    const redeemed = written
      .filter((w) => w.event.type === 'KeyRedeemed')
      .map((w) => utcDay((w.event.data as { redeemedAt: string }).redeemedAt));
    const day = (offset: number) => utcDay(new Date(now - offset * DAY).toISOString());
    const on = (list: string[], d: string) => list.filter((x) => x === d).length;
    const within = (list: string[], from: number, to: number) =>
      list.filter((x) => x >= day(to) && x <= day(from)).length;
    const pct = (a: number, b: number) => (b === 0 ? null : Math.round(((a - b) / b) * 1000) / 10);

    expect(stats.keys.total).to.equal(generated.length);
    expect(stats.keys.redeemedTotal).to.equal(redeemed.length);
    expect(stats.keys.today).to.equal(on(generated, day(0)));
    expect(stats.keys.yesterday).to.equal(on(generated, day(1)));
    expect(stats.keys.last7Days).to.equal(within(generated, 0, 6));
    expect(stats.keys.last30Days).to.equal(within(generated, 0, 29));
    expect(stats.keys.redeemedToday).to.equal(on(redeemed, day(0)));
    expect(stats.keys.dayOverDay).to.equal(pct(on(generated, day(0)), on(generated, day(1))));
    expect(stats.keys.weekOverWeek).to.equal(pct(within(generated, 0, 6), within(generated, 7, 13)));
    expect(stats.daily).to.have.length(30);
    expect(stats.daily[29].date).to.equal(day(0));
    for (const entry of stats.daily) {
      expect(entry.generated, entry.date).to.equal(on(generated, entry.date));
      expect(entry.redeemed, entry.date).to.equal(on(redeemed, entry.date));
    }
    expect(stats.visitors.distinct).to.equal(11);
    expect(stats.vip.activeNow).to.equal(1);

    const publicStats = (await api<PublicStatsResponse>(product.url, 'GET', '/api/stats/public')).body;
    expect(publicStats.keysGenerated).to.equal(generated.length);
    expect(publicStats.activeUsers).to.equal(11);
  });

  it('is for admins only', async () => {
    expect((await api(product.url, 'GET', '/api/admin/stats')).status).to.equal(401);
  });
});
