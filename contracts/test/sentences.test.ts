import { expect } from 'chai';
import {
  type Actor,
  type EventDataOf,
  type EventType,
  eventSchemas,
  eventSentences,
  type SentenceContext,
  sentenceOf,
} from '../src/index.ts';

const names = {
  server: (guildId: string) => (guildId === '100000000000000001' ? 'Demo Server' : undefined),
  user: (userId: string) => ({ 'u-admin': 'admin', 'u-sub': 'alice' })[userId],
};
const at = (actor: Actor, time = '2026-03-01T13:05:00.000Z'): SentenceContext => ({ actor, time, names });
const visitor: Actor = { kind: 'visitor', id: 'v1' };
const sentence = <T extends EventType>(type: T, data: EventDataOf<T>, context: SentenceContext) =>
  sentenceOf(type, data, context);

describe('contracts: one sentence per event type', () => {
  it('has a sentence for every type of eventSchemas, and none for a type that does not exist', () => {
    expect(Object.keys(eventSentences).sort()).to.deep.equal(Object.keys(eventSchemas).sort());
  });

  it('reads in the product words of the issue', () => {
    expect(
      sentence(
        'SessionStarted',
        { sessionId: 's', userId: 'u-admin', startedAt: '', expiresAt: '' },
        at({ kind: 'admin', id: 'u-admin' }),
      ),
    ).to.equal('admin signed in');
    expect(
      sentence(
        'KeyGenerated',
        {
          keyDigest: '4515aa00'.padEnd(64, '0'),
          guildId: '100000000000000001',
          tier: 'free',
          noAds: false,
          expiresAt: '2026-03-02T13:05:00.000Z',
          generatedAt: '2026-03-01T13:05:00.000Z',
          visitorDigest: null,
          accessHashDigest: 'ab'.repeat(32),
        },
        at(visitor),
      ),
    ).to.equal(
      'a visitor generated a key for Demo Server through a one-time link (key 4515…, valid until 2 Mar 13:05 UTC)',
    );
    expect(
      sentence(
        'VipRoleGranted',
        {
          guildId: '100000000000000001',
          discordUserId: '630000000000000021',
          keyDigest: '4515'.padEnd(64, 'f'),
          until: '2026-03-01T14:05:00.000Z',
          grantedAt: '2026-03-01T13:05:00.000Z',
        },
        at({ kind: 'bot', id: 'key-bot' }),
      ),
    ).to.equal('member 6300…21 redeemed key 4515…, VIP until 14:05 UTC on Demo Server');
  });

  it('names a server or user it has no name for by a shortened id, and says who acted for someone else', () => {
    expect(
      sentence(
        'SubscriptionStarted',
        {
          userId: 'a5f0c3d2-0000-4000-8000-00000000beef',
          planName: 'Premium',
          slotsOverride: null,
          startedAt: '2026-03-01T13:05:00.000Z',
          expiresAt: '2026-04-01T13:05:00.000Z',
          discordUserId: null,
        },
        at({ kind: 'admin', id: 'u-admin' }),
      ),
    ).to.equal('the Premium plan of user a5f0…ef started by admin, until 1 Apr 2026');
    expect(
      sentence('GuildLeft', { guildId: '100000000000000099', leftAt: '' }, at({ kind: 'bot', id: 'key-bot' })),
    ).to.equal('the key bot left server 1000…99');
  });

  it('an unknown type or data that does not match its schema still reads as a sentence, never a crash', () => {
    expect(sentenceOf('SomethingNew', {}, at(visitor))).to.equal(
      'an event of a type this version does not know (SomethingNew)',
    );
    expect(sentenceOf('AnnouncementPosted', { title: 5 }, at(visitor))).to.equal(
      'an event of type AnnouncementPosted whose data does not match its schema',
    );
  });

  it("tells the first seal of a rewritten log as the rewrite, from the old chain's head", () => {
    const seal = { upToPosition: 3_000, hash: 'a'.repeat(64), count: 3_000, previousHash: null, sealedAt: '' };
    const rewrittenFrom = {
      hash: 'b'.repeat(64),
      sealPosition: 3_003,
      upToPosition: 3_000,
      count: 3_000,
      headPosition: 3_008,
      unsealedEvents: 5,
      rewrittenAt: '2026-11-28T08:00:00.000Z',
      events: 3_005,
      sealsLeftOut: 3,
      fieldsEncrypted: 887,
      streamsRenamed: 328,
      erasedPersons: 0,
    };
    const system: Actor = { kind: 'system', id: 'system' };
    expect(sentence('LogSealed', { ...seal, rewrittenFrom }, at(system))).to.match(
      /^the log was sealed up to position 3,000 \(3,000 events, hash aaaa…\), the first seal after the log was rewritten on 2026-11-28T08:00:00.000Z from a log whose last seal \(hash bbbb…, at position 3,003\) covered up to position 3,000: 3,005 events copied, 887 personal fields encrypted, 328 streams renamed$/,
    );
    expect(sentence('LogSealed', seal, at(system))).to.not.include('rewritten');
  });
});
