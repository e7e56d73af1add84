import { expect } from 'chai';
import { subscriptionTexts } from '@vip/contracts';
import { subscriptionDecider, subscriptionSummary } from '../src/subscriptions/subscription.decider.ts';
import type { SubscriptionEvent } from '../src/subscriptions/subscription.state.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(subscriptionDecider);
const DAY = 24 * 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

const started = (startedAt: string, expiresAt: string, maxSlots = 3): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: { userId: 'u1', planName: 'Business', maxSlots, startedAt, expiresAt, discordUserId: '123456789012345678' },
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
      maxSlots: 3,
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

    it('refuses a second plan for the same user', () => {
      spec.given([runningFor30Days]).when(start).thenFails('conflict', subscriptionTexts.alreadySubscribed);
    });
  });

  describe('extend', () => {
    it('adds the days to a running plan’s expiry, keeping its slots', () => {
      spec
        .given([runningFor30Days])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 10, maxSlots: null })
        .then([
          {
            type: 'SubscriptionExtended',
            data: { userId: 'u1', days: 10, maxSlots: 3, expiresAt: at(30 * DAY), extendedAt: NOW.toISOString() },
          },
        ]);
    });

    it('counts from now for a plan that already ran out, and changes the slots when asked', () => {
      spec
        .given([lapsed])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 7, maxSlots: 5 })
        .then([
          {
            type: 'SubscriptionExtended',
            data: { userId: 'u1', days: 7, maxSlots: 5, expiresAt: at(7 * DAY), extendedAt: NOW.toISOString() },
          },
        ]);
    });

    it('runs an ended plan again from now', () => {
      spec
        .given([runningFor30Days, ended])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 30, maxSlots: null })
        .then([
          {
            type: 'SubscriptionExtended',
            data: { userId: 'u1', days: 30, maxSlots: 3, expiresAt: at(30 * DAY), extendedAt: NOW.toISOString() },
          },
        ]);
    });

    it('answers not found for a user without a plan', () => {
      spec
        .given([])
        .when({ type: 'ExtendSubscription', userId: 'u1', days: 7, maxSlots: null })
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
      active: true,
    });
    expect(subscriptionSummary(fold([runningFor30Days, ended]), NOW).active).to.equal(false);
    expect(subscriptionSummary(fold([lapsed]), NOW).active).to.equal(false);
  });
});
