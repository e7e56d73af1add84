import { expect } from 'chai';
import {
  type DomainEvent,
  analyticsReadModels,
  suspensionReadModels,
  verificationMessageReadModels,
} from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { serverAnalyticsProjector } from '../src/read-models/standing/server-analytics.projector.ts';
import { suspensionsProjector } from '../src/read-models/standing/suspensions.projector.ts';
import { verificationMessagesProjector } from '../src/read-models/standing/verification-messages.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from './support/projection-spec.ts';

const [A, B] = ['876543210987654321', '876543210987654322'];

describe('suspensions projection', () => {
  const suspended = (guildId: string, reason: string, suspendedAt: string): DomainEvent => ({
    type: 'ServerSuspended',
    data: { guildId, reason, suspendedAt },
  });
  const lifted: DomainEvent = {
    type: 'ServerSuspensionLifted',
    data: { guildId: A, liftedAt: '2026-11-03T00:00:00Z' },
  };
  const list = async (events: DomainEvent[]) =>
    (await givenProjected([suspensionsProjector], events))
      .collection(suspensionReadModels.suspensions)
      .find({}, { sort: { _id: 1 } });

  it('holds each suspended server with its reason, and forgets it when lifted', async () => {
    const events = [suspended(A, 'spam', '2026-11-01T00:00:00Z'), suspended(B, 'non-payment', '2026-11-02T00:00:00Z')];
    expect(await list(events)).to.deep.equal([
      { _id: A, reason: 'spam', suspendedAt: '2026-11-01T00:00:00Z' },
      { _id: B, reason: 'non-payment', suspendedAt: '2026-11-02T00:00:00Z' },
    ]);
    expect((await list([...events, lifted])).map((doc) => doc._id)).to.deep.equal([B]);
    // suspended again after a lift: the new reason
    expect(await list([...events, lifted, suspended(A, 'abuse', '2026-11-04T00:00:00Z')])).to.deep.include({
      _id: A,
      reason: 'abuse',
      suspendedAt: '2026-11-04T00:00:00Z',
    });
  });
});

describe('verification messages projection', () => {
  const configured: DomainEvent = {
    type: 'VerificationMessageConfigured',
    data: {
      guildId: A,
      title: 'Hello',
      description: 'Press the button',
      buttonLabel: 'Go',
      color: 0x00aa11,
      configuredAt: '2026-11-01T00:00:00Z',
    },
  };
  const reset: DomainEvent = {
    type: 'VerificationMessageReset',
    data: { guildId: A, resetAt: '2026-11-02T00:00:00Z' },
  };
  const list = async (events: DomainEvent[]) =>
    (await givenProjected([verificationMessagesProjector], events))
      .collection(verificationMessageReadModels.verificationMessages)
      .find({});

  it('holds the custom message with its colour as #rrggbb, and a reset deletes it', async () => {
    expect(await list([configured])).to.deep.equal([
      {
        _id: A,
        title: 'Hello',
        description: 'Press the button',
        buttonLabel: 'Go',
        color: '#00aa11',
        configuredAt: '2026-11-01T00:00:00Z',
      },
    ]);
    expect(await list([configured, reset])).to.deep.equal([]);
  });
});

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
