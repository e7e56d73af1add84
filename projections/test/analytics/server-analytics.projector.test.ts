import { analyticsReadModels, type DomainEvent } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { serverAnalyticsProjector } from '../../src/read-models/analytics/server-analytics.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const [A, B] = ['876543210987654321', '876543210987654322'];

describe('server analytics projection', () => {
  const key = (guildId: string, generatedAt: string): DomainEvent => ({
    type: 'KeyGenerated',
    data: {
      keyDigest: `d-${generatedAt}-${guildId}`,
      guildId,
      tier: 'free',
      noAds: false,
      expiresAt: generatedAt,
      generatedAt,
      visitorDigest: null,
      accessHashDigest: null,
    },
  });
  const redeemed = (guildId: string, redeemedAt: string): DomainEvent => ({
    type: 'KeyRedeemed',
    data: { keyDigest: 'k', guildId, discordUserId: '123456789012345678', redeemedAt },
  });
  const visit = (guildId: string | null, visitedAt: string): DomainEvent => ({
    type: 'VisitRecorded',
    data: { visitorDigest: 'v', guildId, visitedAt },
  });
  const history = [
    key(A, '2026-11-01T10:00:00Z'),
    key(A, '2026-11-01T23:59:59Z'),
    key(B, '2026-11-01T12:00:00Z'),
    key(A, '2026-11-02T00:00:00Z'),
    redeemed(A, '2026-11-02T01:00:00Z'),
    visit(A, '2026-11-01T09:00:00Z'),
    visit(null, '2026-11-01T09:00:00Z'),
  ];
  const days = async (store: SqliteReadStore | Awaited<ReturnType<typeof givenProjected>>) =>
    (await store.collection(analyticsReadModels.serverDaily).find({}, { sort: { _id: 1 } })).map(
      ({ guildId, day, keysGenerated, keysRedeemed, visits }) => ({
        guildId,
        day,
        keysGenerated,
        keysRedeemed,
        visits,
      }),
    );

  it('counts keys generated and redeemed and visits per server and UTC day; a visit naming no server counts nowhere', async () => {
    expect(await days(await givenProjected([serverAnalyticsProjector], history))).to.deep.equal([
      { guildId: A, day: '2026-11-01', keysGenerated: 2, keysRedeemed: 0, visits: 1 },
      { guildId: A, day: '2026-11-02', keysGenerated: 1, keysRedeemed: 1, visits: 0 },
      { guildId: B, day: '2026-11-01', keysGenerated: 1, keysRedeemed: 0, visits: 0 },
    ]);
  });

  it('counts each event once when it is delivered again', async () => {
    const twice = new SqliteReadStore(':memory:');
    await deliveredOneByOne(twice, [serverAnalyticsProjector], recorded(history), 2);
    expect(await days(twice)).to.deep.equal(await days(await givenProjected([serverAnalyticsProjector], history)));
  });
});
