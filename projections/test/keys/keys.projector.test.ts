import { type DomainEvent, distinctVisitorsCounterId, keyReadModels, keysGeneratedCounterId } from '@vip/contracts';
import { expect } from 'chai';
import { keysProjectors } from '../../src/read-models/keys/index.ts';
import { deliveredOneByOne, givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';

const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

const hashIssued: DomainEvent = {
  type: 'AccessHashIssued',
  data: { hashDigest: 'h1', guildId: GUILD, issuedAt: at(0), expiresAt: at(30) },
};
const hashUsed: DomainEvent = {
  type: 'AccessHashUsed',
  data: { hashDigest: 'h1', guildId: GUILD, keyDigest: 'k1', usedAt: at(5) },
};
const keyGenerated = (keyDigest: string, minute: number): DomainEvent => ({
  type: 'KeyGenerated',
  data: {
    keyDigest,
    guildId: GUILD,
    tier: 'premium',
    noAds: true,
    expiresAt: at(minute + 60),
    generatedAt: at(minute),
    visitorDigest: 'v1',
    accessHashDigest: keyDigest === 'k1' ? 'h1' : null,
  },
});
const keyRedeemed: DomainEvent = {
  type: 'KeyRedeemed',
  data: { keyDigest: 'k1', guildId: GUILD, discordUserId: MEMBER, redeemedAt: at(10) },
};
const visit = (visitorDigest: string, guildId: string | null, minute: number): DomainEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest, guildId, visitedAt: at(minute) },
});

const everything: DomainEvent[] = [
  hashIssued,
  keyGenerated('k1', 5),
  hashUsed,
  keyGenerated('k2', 6),
  keyRedeemed,
  visit('v1', GUILD, 1),
  visit('v1', null, 2),
  visit('v2', null, 3),
];

describe('keys projections', () => {
  it('keeps access hashes by digest with their use', async () => {
    const store = await givenProjected(keysProjectors, [
      hashIssued,
      hashUsed,
      { ...hashIssued, data: { ...hashIssued.data, hashDigest: 'h2' } } as DomainEvent,
    ]);
    expect(await store.collection(keyReadModels.accessHashes).find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: 'h1', guildId: GUILD, issuedAt: at(0), expiresAt: at(30), usedAt: at(5), keyDigest: 'k1' },
      { _id: 'h2', guildId: GUILD, issuedAt: at(0), expiresAt: at(30), usedAt: null, keyDigest: null },
    ]);
  });

  it('keeps every key with its redemption, and counts them', async () => {
    const store = await givenProjected(keysProjectors, [keyGenerated('k1', 5), keyGenerated('k2', 6), keyRedeemed]);
    expect(await store.collection(keyReadModels.keys).find({}, { sort: { _id: 1 } })).to.deep.equal([
      {
        _id: 'k1',
        guildId: GUILD,
        tier: 'premium',
        noAds: true,
        generatedAt: at(5),
        expiresAt: at(65),
        visitorDigest: 'v1',
        accessHashDigest: 'h1',
        redeemedAt: at(10),
        redeemedBy: MEMBER,
      },
      {
        _id: 'k2',
        guildId: GUILD,
        tier: 'premium',
        noAds: true,
        generatedAt: at(6),
        expiresAt: at(66),
        visitorDigest: 'v1',
        accessHashDigest: null,
        redeemedAt: null,
        redeemedBy: null,
      },
    ]);
    expect(await store.collection(keyReadModels.keyCounters).findOne({ _id: keysGeneratedCounterId })).to.deep.equal({
      _id: keysGeneratedCounterId,
      count: 2,
      lastPosition: 2,
    });
  });

  it('counts visits per address, first and last seen, and the last server named', async () => {
    const store = await givenProjected(keysProjectors, [
      visit('v1', GUILD, 1),
      visit('v1', null, 2),
      visit('v2', null, 3),
    ]);
    expect(await store.collection(keyReadModels.visitors).find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: 'v1', visits: 2, firstSeenAt: at(1), lastSeenAt: at(2), lastGuildId: GUILD, lastPosition: 2 },
      { _id: 'v2', visits: 1, firstSeenAt: at(3), lastSeenAt: at(3), lastGuildId: null, lastPosition: 3 },
    ]);
    // the statistics read the distinct visitors as one document, however many addresses and days
    expect(await store.collection(keyReadModels.visitorTotals).find({})).to.deep.equal([
      { _id: distinctVisitorsCounterId, count: 2, lastPosition: 3 },
    ]);
  });

  it('gives the same read models when every event is delivered twice', async () => {
    const once = await givenProjected(keysProjectors, everything);
    const twice = await givenProjected(keysProjectors, []);
    // at-least-once delivery: each event may arrive again before the next one
    for (const event of recorded(everything))
      for (const projector of keysProjectors) await deliveredOneByOne(twice, [projector], [event], 2);
    // and a whole batch may be applied again after a crash before its checkpoint
    await projectEvents(twice, keysProjectors, recorded(everything));
    for (const collection of Object.values(keyReadModels)) {
      expect(await twice.collection(collection).find({}, { sort: { _id: 1 } }), collection).to.deep.equal(
        await once.collection(collection).find({}, { sort: { _id: 1 } }),
      );
    }
  });
});
