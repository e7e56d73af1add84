import { parseEvent, planHoldingOf, planSlots, type SlotLimits, subscriptionTexts, usableSlots } from '@vip/contracts';
import { expect } from 'chai';
import { subscriptionDecider, subscriptionSummary } from '../../src/subscriptions/subscription.decider.ts';
import type { SubscriptionEvent, SubscriptionState } from '../../src/subscriptions/subscription.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(subscriptionDecider);
const DAY = 24 * 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

const started = (startedAt: string, expiresAt: string, slotsOverride: number | null = null): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: {
    userId: 'u1',
    planName: 'Business',
    slotsOverride,
    startedAt,
    expiresAt,
    discordUserId: '123456789012345678',
  },
});
const runningFor30Days = started(at(-10 * DAY), at(20 * DAY));
const lapsed = started(at(-40 * DAY), at(-10 * DAY));
const ended: SubscriptionEvent = { type: 'SubscriptionEnded', data: { userId: 'u1', endedAt: at(-DAY) } };

describe('subscription decider', () => {
  describe('start', () => {
    const start = {
      type: 'StartSubscription',
      userId: 'u1',
      planName: 'Business',
      days: 30,
      slotsOverride: null,
      discordUserId: '123456789012345678',
    } as const;

    it('starts a plan that expires after the given days', () => {
      spec
        .given([])
        .when(start)
        .then([started(NOW.toISOString(), at(30 * DAY))]);
    });

    it('keeps a missing Discord user id as null', () => {
      spec
        .given([])
        .when({ ...start, discordUserId: null })
        .then([
          {
            type: 'SubscriptionStarted',
            data: { ...started(NOW.toISOString(), at(30 * DAY)).data, discordUserId: null },
          } as SubscriptionEvent,
        ]);
    });

    it("records the admin's slots when they override the plan's", () => {
      spec
        .given([])
        .when({ ...start, slotsOverride: 5 })
        .then([started(NOW.toISOString(), at(30 * DAY), 5)]);
    });

    it('refuses a second plan for the same user', () => {
      spec.given([runningFor30Days]).when(start).thenFails('conflict', subscriptionTexts.alreadySubscribed);
    });
  });

  describe('extend', () => {
    it('adds the days to a running plan’s expiry, keeping its slots', () => {
      spec
        .given([runningFor30Days])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 10, slotsOverride: null })
        .then([
          {
            type: 'SubscriptionExtended',
            data: {
              userId: 'u1',
              days: 10,
              slotsOverride: null,
              expiresAt: at(30 * DAY),
              extendedAt: NOW.toISOString(),
            },
          },
        ]);
    });

    it('counts from now for a plan that already ran out, and changes the slots when asked', () => {
      spec
        .given([lapsed])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 7, slotsOverride: 5 })
        .then([
          {
            type: 'SubscriptionExtended',
            data: { userId: 'u1', days: 7, slotsOverride: 5, expiresAt: at(7 * DAY), extendedAt: NOW.toISOString() },
          },
        ]);
    });

    it('runs an ended plan again from now', () => {
      spec
        .given([runningFor30Days, ended])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 30, slotsOverride: null })
        .then([
          {
            type: 'SubscriptionExtended',
            data: {
              userId: 'u1',
              days: 30,
              slotsOverride: null,
              expiresAt: at(30 * DAY),
              extendedAt: NOW.toISOString(),
            },
          },
        ]);
    });

    it('answers not found for a user without a plan', () => {
      spec
        .given([])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 7, slotsOverride: null })
        .thenFails('not_found', subscriptionTexts.subscriberNotFound);
    });
  });

  describe('end', () => {
    const end = { type: 'EndSubscription', userId: 'u1' } as const;

    it('ends a running plan now', () => {
      spec
        .given([runningFor30Days])
        .when(end)
        .then([{ type: 'SubscriptionEnded', data: { userId: 'u1', endedAt: NOW.toISOString() } }]);
    });

    it('refuses to end an ended plan', () => {
      spec.given([runningFor30Days, ended]).when(end).thenFails('conflict', subscriptionTexts.alreadyEnded);
    });

    it('refuses to end a plan that ran out on its own', () => {
      spec.given([lapsed]).when(end).thenFails('conflict', subscriptionTexts.alreadyEnded);
    });

    it('answers not found for a user without a plan', () => {
      spec.given([]).when(end).thenFails('not_found', subscriptionTexts.subscriberNotFound);
    });
  });

  it('summarises a plan for the admin, active only until it ends', () => {
    const fold = (events: SubscriptionEvent[]) =>
      events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    expect(subscriptionSummary(fold([runningFor30Days]), NOW)).to.deep.equal({
      planName: 'Business',
      startedAt: at(-10 * DAY),
      expiresAt: at(20 * DAY),
      maxSlots: 3,
      slotsOverride: null,
      active: true,
    });
    // slots follow the plan (Business: 3) unless overridden
    expect(subscriptionSummary(fold([started(at(-DAY), at(DAY), 7)]), NOW)).to.include({
      maxSlots: 7,
      slotsOverride: 7,
    });
    const basic = { ...runningFor30Days, data: { ...runningFor30Days.data, planName: 'Basic' } } as SubscriptionEvent;
    expect(subscriptionSummary(fold([basic]), NOW).maxSlots).to.equal(1);
    expect(subscriptionSummary(fold([runningFor30Days, ended]), NOW).active).to.equal(false);
    expect(subscriptionSummary(fold([lapsed]), NOW).active).to.equal(false);
  });
});

describe('a plan read at a time (time-based: nothing happens when it runs out)', () => {
  const fold = (events: SubscriptionEvent[]) =>
    events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  const limits = { defaultSlots: 3, freeTierServers: 1 };
  // contracts' plans.ts reads the stream's state as it reads the read model's document
  const usableSlotsOf = (state: SubscriptionState, slotLimits: SlotLimits, now: Date) =>
    usableSlots(planHoldingOf(state, now), slotLimits);

  it('gives the plan its slots while it runs, the free tier once it ended, and them again after an extension', () => {
    const running = fold([runningFor30Days]);
    expect(usableSlotsOf(running, limits, NOW)).to.equal(3);
    expect(usableSlotsOf(running, limits, new Date(Date.parse(at(21 * DAY))))).to.equal(1);
    expect(usableSlotsOf(fold([runningFor30Days, ended]), limits, NOW)).to.equal(1);
    const extended: SubscriptionEvent = {
      type: 'SubscriptionExtended',
      data: { userId: 'u1', days: 30, slotsOverride: null, expiresAt: at(30 * DAY), extendedAt: NOW.toISOString() },
    };
    expect(usableSlotsOf(fold([runningFor30Days, ended, extended]), limits, NOW)).to.equal(3);
    // never more than it had: a Basic plan keeps its one server
    const basic = { ...lapsed, data: { ...lapsed.data, planName: 'Basic' } } as SubscriptionEvent;
    expect(usableSlotsOf(fold([basic]), { defaultSlots: 3, freeTierServers: 2 }, NOW)).to.equal(1);
    // someone who never had a plan has the default
    expect(usableSlotsOf(fold([]), limits, NOW)).to.equal(3);
  });

  it('reads a plan written before slots followed plans (v1 maxSlots) as the override it was', () => {
    const v1 = parseEvent(
      'SubscriptionStarted',
      { userId: 'u1', planName: 'Basic', maxSlots: 4, startedAt: at(-DAY), expiresAt: at(DAY), discordUserId: null },
      1,
    ) as SubscriptionEvent;
    expect(v1.type === 'SubscriptionStarted' && v1.data.slotsOverride).to.equal(4);
    expect(planSlots(fold([v1]), 3)).to.equal(4);
  });
});
