import { type WhitelistDuration, whitelistTexts } from '@vip/contracts';
import { expect } from 'chai';
import { whitelistDecider } from '../../src/whitelist/whitelist.decider.ts';
import { entryStands, type WhitelistEvent } from '../../src/whitelist/whitelist.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(whitelistDecider);
const DAY = 24 * 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const member = { userId: '123456789012345678', guildId: '876543210987654321' } as const;

const added = (duration: WhitelistDuration, expiresAt: string | null, addedAt = NOW.toISOString()): WhitelistEvent => ({
  type: 'WhitelistEntryAdded',
  data: { ...member, duration, expiresAt, addedAt },
});
const removed: WhitelistEvent = { type: 'WhitelistEntryRemoved', data: { ...member, removedAt: at(-DAY) } };
const roleRemoved = (removedAt = at(-DAY / 2)): WhitelistEvent => ({
  type: 'WhitelistRoleRemoved',
  data: { ...member, removedAt },
});
const add = (duration: WhitelistDuration, days: number | null = null) =>
  ({ type: 'AddWhitelistEntry', ...member, duration, days }) as const;

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
          .when(add(duration))
          .then([added(duration, at(days * DAY))]);
      });
    }

    it('adds an entry of a chosen number of days', () => {
      spec
        .given([])
        .when(add('days', 12))
        .then([added('days', at(12 * DAY))]);
    });

    it('adds a lifetime entry ("no duration") that never expires', () => {
      spec
        .given([])
        .when(add('lifetime'))
        .then([added('lifetime', null)]);
    });

    it('renews a listed entry with the new duration, counted from now', () => {
      spec
        .given([added('weekly', at(-3 * DAY), at(-10 * DAY))])
        .when(add('yearly'))
        .then([added('yearly', at(365 * DAY))]);
    });

    it('adds a removed member again', () => {
      spec
        .given([added('monthly', at(-DAY), at(-31 * DAY)), removed])
        .when(add('monthly'))
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

  describe("the key bot's report that an ended entry's role is settled", () => {
    const settle = { type: 'SettleWhitelistRole', ...member } as const;
    const settled = [{ type: 'WhitelistRoleRemoved', data: { ...member, removedAt: NOW.toISOString() } }];

    it('records it for a removed entry', () => {
      spec
        .given([added('monthly', at(29 * DAY), at(-DAY)), removed])
        .when(settle)
        .then(settled as WhitelistEvent[]);
    });

    it('records it for an entry that ran out', () => {
      spec
        .given([added('weekly', at(-DAY), at(-8 * DAY))])
        .when(settle)
        .then(settled as WhitelistEvent[]);
    });

    it('records nothing while the entry stands (renewed meanwhile), or once settled, or for no entry', () => {
      spec
        .given([added('weekly', at(-DAY), at(-8 * DAY)), added('monthly', at(30 * DAY))])
        .when(settle)
        .then([]);
      spec
        .given([added('weekly', at(-DAY), at(-8 * DAY)), roleRemoved()])
        .when(settle)
        .then([]);
      spec.given([]).when(settle).then([]);
    });

    it('owes nothing again when an entry whose role was taken back at its end is removed', () => {
      spec
        .given([added('weekly', at(-2 * DAY), at(-9 * DAY)), roleRemoved(), removed])
        .when(settle)
        .then([]);
    });
  });

  it('an entry stands while listed and not run out', () => {
    const fold = (events: WhitelistEvent[]) => events.reduce(whitelistDecider.evolve, whitelistDecider.initialState());
    expect(entryStands(fold([added('lifetime', null)]), NOW)).to.equal(true);
    expect(entryStands(fold([added('days', at(DAY))]), NOW)).to.equal(true);
    expect(entryStands(fold([added('days', at(-1))]), NOW)).to.equal(false);
    expect(entryStands(fold([added('lifetime', null), removed]), NOW)).to.equal(false);
  });
});
