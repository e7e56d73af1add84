import { type DomainEvent, statsReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { statsProjector } from '../../src/read-models/stats/stats.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';
const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 10, d, hour)).toISOString();
const generated = (keyDigest: string, at: string): DomainEvent => ({
  type: 'KeyGenerated',
  data: {
    keyDigest,
    guildId: GUILD,
    tier: 'free',
    noAds: false,
    expiresAt: at,
    generatedAt: at,
    visitorDigest: 'v1',
    accessHashDigest: null,
  },
});
const redeemed = (keyDigest: string, at: string): DomainEvent => ({
  type: 'KeyRedeemed',
  data: { keyDigest, guildId: GUILD, discordUserId: MEMBER, redeemedAt: at },
});
const visit = (visitorDigest: string, at: string): DomainEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest, guildId: GUILD, visitedAt: at },
});
const granted = (until: string): DomainEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest: 'k1', until, grantedAt: day(1) },
});
const removed = (at: string): DomainEvent => ({
  type: 'VipRoleRemoved',
  data: { guildId: GUILD, discordUserId: MEMBER, removedAt: at },
});

const history = [
  generated('k1', day(1)),
  generated('k2', day(1, 23)),
  visit('v1', day(1)),
  redeemed('k1', day(2)),
  visit('v1', day(2)),
  visit('v2', day(2)),
  granted(day(20)),
  granted(day(10)), // an earlier end never shortens the window
  removed(day(5)),
  removed(day(6)), // nor does a later removal lengthen it
];

describe('statistics projection', () => {
  it('counts keys and visits by UTC day, each event once, and keeps no second total nor visitor list', async () => {
    const store = await givenProjected([statsProjector], history);
    expect(await store.collection(statsReadModels.daily).find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: '2026-11-01', keysGenerated: 2, keysRedeemed: 0, visits: 1, lastPosition: 3 },
      { _id: '2026-11-02', keysGenerated: 0, keysRedeemed: 1, visits: 2, lastPosition: 6 },
    ]);
    expect(await store.collection(statsReadModels.vipWindows).find({})).to.deep.equal([
      { _id: `${GUILD}-${MEMBER}`, guildId: GUILD, until: day(5) },
    ]);
    expect(await store.listCollections()).to.deep.equal([statsReadModels.daily, statsReadModels.vipWindows]);
  });

  it('gives the same figures when every event is delivered twice', async () => {
    const once = await givenProjected([statsProjector], history);
    const twice = await givenProjected([statsProjector], []);
    await deliveredOneByOne(twice, [statsProjector], recorded(history), 2);
    for (const collection of Object.values(statsReadModels))
      expect(await twice.collection(collection).find({}, { sort: { _id: 1 } }), collection).to.deep.equal(
        await once.collection(collection).find({}, { sort: { _id: 1 } }),
      );
  });
});
