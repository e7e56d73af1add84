import { type DomainEvent, subscriptionReadModels, whitelistReadModels } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { subscriptionsProjector } from '../../src/read-models/subscriptions/subscriptions.projector.ts';
import { whitelistProjector } from '../../src/read-models/whitelist/whitelist.projector.ts';
import { deliveredOneByOne, givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';
import { addedMonthly, other, removed, renewedLifetime } from '../support/whitelist-events.ts';

const started: DomainEvent = {
  type: 'SubscriptionStarted',
  data: {
    userId: 'u1',
    planName: 'Business',
    slotsOverride: null,
    startedAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2026-12-01T00:00:00.000Z',
    discordUserId: null,
  },
};
const extended: DomainEvent = {
  type: 'SubscriptionExtended',
  data: {
    userId: 'u1',
    days: 30,
    slotsOverride: 5,
    expiresAt: '2026-12-31T00:00:00.000Z',
    extendedAt: '2026-11-20T00:00:00.000Z',
  },
};
const ended: DomainEvent = { type: 'SubscriptionEnded', data: { userId: 'u1', endedAt: '2026-11-22T00:00:00.000Z' } };
const renewed: DomainEvent = {
  type: 'SubscriptionExtended',
  data: {
    userId: 'u1',
    days: 10,
    slotsOverride: 5,
    expiresAt: '2026-12-03T00:00:00.000Z',
    extendedAt: '2026-11-23T00:00:00.000Z',
  },
};

describe('subscriptions projection', () => {
  const planOf = async (events: DomainEvent[]) =>
    (await givenProjected([subscriptionsProjector], events))
      .collection(subscriptionReadModels.subscriptions)
      .findOne({ _id: 'u1' });

  it("holds a started plan, not ended, with the plan's slots", async () => {
    expect(await planOf([started])).to.deep.equal({
      _id: 'u1',
      userId: 'u1',
      planName: 'Business',
      maxSlots: 3,
      slotsOverride: null,
      startedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-12-01T00:00:00.000Z',
      endedAt: null,
      discordUserId: null,
    });
  });

  it("slots follow the plan: Premium's two, Basic's one", async () => {
    const named = (planName: string) => ({ ...started, data: { ...started.data, planName } }) as DomainEvent;
    expect(await planOf([named('Premium')])).to.include({ maxSlots: 2, slotsOverride: null });
    expect(await planOf([named('Basic')])).to.include({ maxSlots: 1, slotsOverride: null });
  });

  it("moves the expiry on extend, and an admin's override replaces the plan's slots", async () => {
    expect(await planOf([started, extended])).to.include({
      maxSlots: 5,
      slotsOverride: 5,
      expiresAt: '2026-12-31T00:00:00.000Z',
      endedAt: null,
    });
  });

  it('ends a plan at its end time', async () => {
    expect(await planOf([started, extended, ended])).to.include({
      endedAt: '2026-11-22T00:00:00.000Z',
      expiresAt: '2026-11-22T00:00:00.000Z',
    });
  });

  it('runs an ended plan again when it is extended', async () => {
    expect(await planOf([started, ended, renewed])).to.include({
      endedAt: null,
      expiresAt: '2026-12-03T00:00:00.000Z',
      maxSlots: 5,
    });
  });
});

describe('subscriptions and whitelist projections are idempotent and deterministic', () => {
  const history: DomainEvent[] = [started, addedMonthly, extended, other, renewedLifetime, ended, removed, renewed];
  const projectors = [subscriptionsProjector, whitelistProjector];

  async function snapshot(store: ReadStore) {
    return {
      subscriptions: await store.collection(subscriptionReadModels.subscriptions).find({}, { sort: { _id: 1 } }),
      whitelist: await store.collection(whitelistReadModels.whitelist).find({}, { sort: { _id: 1 } }),
    };
  }

  it('gives the same read model when every event is delivered twice', async () => {
    const once = await givenProjected(projectors, history);
    const twice = new SqliteReadStore(':memory:');
    for (const event of recorded(history))
      for (const projector of projectors) await deliveredOneByOne(twice, [projector], [event], 2);
    expect(await snapshot(twice)).to.deep.equal(await snapshot(once));
  });

  it('gives the same read model when a batch is redelivered after a crash', async () => {
    const live = await givenProjected(projectors, history);
    const replayed = await givenProjected(projectors, history);
    // the runner resumes from its checkpoint: the last batch arrives again
    await projectEvents(replayed, projectors, recorded(history.slice(4), 5));
    expect(await snapshot(replayed)).to.deep.equal(await snapshot(live));
  });
});
