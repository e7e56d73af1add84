import { whitelistTexts } from '@vip/contracts';
import { whitelistDecider, type WhitelistEvent } from '../src/whitelist/whitelist.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(whitelistDecider);
const DAY = 24 * 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const member = { userId: '123456789012345678', guildId: '876543210987654321' } as const;

const added = (
  duration: 'weekly' | 'monthly' | 'yearly' | 'lifetime',
  expiresAt: string | null,
  addedAt = NOW.toISOString(),
): WhitelistEvent => ({
  type: 'WhitelistEntryAdded',
  data: { ...member, duration, expiresAt, addedAt },
});
const removed: WhitelistEvent = { type: 'WhitelistEntryRemoved', data: { ...member, removedAt: at(-DAY) } };

describe('whitelist decider', () => {
  describe('add', () => {
    for (const [duration, days] of [
      ['weekly', 7],
      ['monthly', 30],
      ['yearly', 365],
    ] as const) {
      it(`adds a ${duration} entry that expires after ${days} days`, () => {
        spec
          .given([])
          .when({ type: 'AddWhitelistEntry', ...member, duration })
          .then([added(duration, at(days * DAY))]);
      });
    }

    it('adds a lifetime entry that never expires', () => {
      spec
        .given([])
        .when({ type: 'AddWhitelistEntry', ...member, duration: 'lifetime' })
        .then([added('lifetime', null)]);
    });

    it('renews a listed entry with the new duration, counted from now', () => {
      spec
        .given([added('weekly', at(-3 * DAY), at(-10 * DAY))])
        .when({ type: 'AddWhitelistEntry', ...member, duration: 'yearly' })
        .then([added('yearly', at(365 * DAY))]);
    });

    it('adds a removed member again', () => {
      spec
        .given([added('monthly', at(-DAY), at(-31 * DAY)), removed])
        .when({ type: 'AddWhitelistEntry', ...member, duration: 'monthly' })
        .then([added('monthly', at(30 * DAY))]);
    });
  });

  describe('remove', () => {
    const remove = { type: 'RemoveWhitelistEntry', ...member } as const;

    it('removes a listed entry', () => {
      spec
        .given([added('monthly', at(30 * DAY))])
        .when(remove)
        .then([{ type: 'WhitelistEntryRemoved', data: { ...member, removedAt: NOW.toISOString() } }]);
    });

    it('removes an entry that has expired but is still listed', () => {
      spec
        .given([added('weekly', at(-DAY), at(-8 * DAY))])
        .when(remove)
        .then([{ type: 'WhitelistEntryRemoved', data: { ...member, removedAt: NOW.toISOString() } }]);
    });

    it('answers not found for a member never listed', () => {
      spec.given([]).when(remove).thenFails('not_found', whitelistTexts.entryNotFound);
    });

    it('answers not found for an entry already removed', () => {
      spec
        .given([added('monthly', at(29 * DAY), at(-DAY)), removed])
        .when(remove)
        .thenFails('not_found', whitelistTexts.entryNotFound);
    });
  });
});
