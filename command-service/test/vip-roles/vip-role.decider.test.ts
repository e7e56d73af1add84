import { expect } from 'chai';
import { vipRoleDecider } from '../../src/vip-roles/vip-role.decider.ts';
import type { VipRoleEvent } from '../../src/vip-roles/vip-role.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(vipRoleDecider);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';

const granted = (until: string, keyDigest = 'k0', grantedAt = minutes(-10)): VipRoleEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest, until, grantedAt },
});
const removed: VipRoleEvent = {
  type: 'VipRoleRemoved',
  data: { guildId: GUILD, discordUserId: MEMBER, removedAt: minutes(-1) },
};
/** Key k1, redeemed by this very request; 60 minutes a key, a window at most 24 hours from now. */
const grant = {
  type: 'GrantVipRole',
  guildId: GUILD,
  discordUserId: MEMBER,
  keyDigest: 'k1',
  redeemedAt: null,
  minutes: 60,
  maxHours: 24,
} as const;
const remove = { type: 'RemoveVipRole', guildId: GUILD, discordUserId: MEMBER } as const;
const grantedNow = (until: string, capped = false): VipRoleEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest: 'k1', until, grantedAt: NOW.toISOString(), capped },
});

describe('VIP role decider', () => {
  describe('granting a role for a redeemed key', () => {
    it('opens a window of the configured minutes for a first key', () => {
      spec
        .given([])
        .when(grant)
        .then([grantedNow(minutes(60))]);
    });

    it('a second key adds its minutes to the open window’s end (issue #21 item 2)', () => {
      // 50 minutes left: the second key makes it 50 + 60, as the key page promises "60 minutes per key"
      spec
        .given([granted(minutes(50))])
        .when(grant)
        .then([grantedNow(minutes(110))]);
    });

    it('extends no further than VIP_MAX_HOURS from now, and says the cap cut it', () => {
      spec
        .given([granted(minutes(100))])
        .when({ ...grant, maxHours: 2 })
        .then([grantedNow(minutes(120), true)]);
      // exactly at the cap is not cut
      spec
        .given([granted(minutes(60))])
        .when({ ...grant, maxHours: 2 })
        .then([grantedNow(minutes(120), false)]);
    });

    it('never shortens a window that already ends beyond the cap (the cap was lowered since)', () => {
      spec
        .given([granted(minutes(180))])
        .when({ ...grant, maxHours: 2 })
        .then([grantedNow(minutes(180), true)]);
    });

    it('opens a fresh window after the last one ended', () => {
      spec
        .given([granted(minutes(-5))])
        .when(grant)
        .then([grantedNow(minutes(60))]);
    });

    it('opens a fresh window after the bot removed the role', () => {
      spec
        .given([granted(minutes(30)), removed])
        .when(grant)
        .then([grantedNow(minutes(60))]);
    });

    it('grants once per key: a key that granted a window, open or over, grants nothing more', () => {
      const again = { ...grant, redeemedAt: minutes(-10) };
      spec
        .given([granted(minutes(30), 'k1')])
        .when(again)
        .then([]);
      spec
        .given([granted(minutes(30), 'k1'), removed])
        .when(again)
        .then([]);
      spec
        .given([granted(minutes(-5), 'k1'), granted(minutes(50), 'k2')])
        .when(again)
        .then([]);
    });

    it('grants a key whose redemption was recorded but whose grant was lost to a crash', () => {
      // k1 was redeemed a minute ago; the process died before the VIP stream heard of it
      spec
        .given([granted(minutes(30), 'k0')])
        .when({ ...grant, redeemedAt: minutes(-1) })
        .then([grantedNow(minutes(90))]);
    });
  });

  describe('what the state keeps', () => {
    const fold = (events: VipRoleEvent[]) => events.reduce(vipRoleDecider.evolve, vipRoleDecider.initialState());

    it('forgets grants once their answer has run out: a member’s thousandth key costs what the first did', () => {
      // a key an hour for 1,000 hours: each window over before the next key
      const history = Array.from({ length: 1000 }, (_, i) =>
        granted(minutes(-60_000 + i * 60 + 30), `k-${i}`, minutes(-60_000 + i * 60)),
      );
      const state = fold(history);
      expect(Object.keys(state.grants)).to.deep.equal(['k-999']);
      // a forgotten key redeemed again is settled, not granted a second time
      spec
        .given(history)
        .when({ ...grant, keyDigest: 'k-5', redeemedAt: minutes(-60_000 + 5 * 60) })
        .then([]);
      // JSON-safe: a snapshot of the state folds on as the state itself
      expect(JSON.parse(JSON.stringify(state))).to.deep.equal(state);
    });

    it('remembers at most 16 grants of one long window, the newest', () => {
      const burst = Array.from({ length: 40 }, (_, i) => granted(minutes(600 + i), `b-${i}`, minutes(-40 + i)));
      const state = fold(burst);
      expect(Object.keys(state.grants)).to.have.length(16);
      expect(Object.keys(state.grants).at(-1)).to.equal('b-39');
      expect(state.grants['b-39']).to.deep.include({ extended: true, capped: false });
      // the newest answer again, the forgotten ones settled
      spec
        .given(burst)
        .when({ ...grant, keyDigest: 'b-39', redeemedAt: minutes(-1) })
        .then([]);
      spec
        .given(burst)
        .when({ ...grant, keyDigest: 'b-0', redeemedAt: minutes(-40) })
        .then([]);
    });
  });

  describe('the bot took the role away', () => {
    it('records the removal of a granted role', () => {
      spec
        .given([granted(minutes(-1))])
        .when(remove)
        .then([
          { type: 'VipRoleRemoved', data: { guildId: GUILD, discordUserId: MEMBER, removedAt: NOW.toISOString() } },
        ]);
    });

    it('records nothing for a repeated report', () => {
      spec
        .given([granted(minutes(-1)), removed])
        .when(remove)
        .then([]);
    });

    it('records nothing for a member who never had the role', () => {
      spec.given([]).when(remove).then([]);
    });

    it('closes the window it was told of, and not one a later key moved on (the bot gives the role back)', () => {
      const removal = {
        type: 'VipRoleRemoved',
        data: { guildId: GUILD, discordUserId: MEMBER, removedAt: NOW.toISOString() },
      } as const;
      // the bot took the role at the first key's end; a second key redeemed meanwhile moved the end on
      spec
        .given([granted(minutes(-1)), granted(minutes(59), 'k2', minutes(-1))])
        .when({ ...remove, until: minutes(-1) })
        .then([]);
      spec
        .given([granted(minutes(-1)), granted(minutes(59), 'k2', minutes(-1))])
        .when({ ...remove, until: minutes(59) })
        .then([removal]);
      spec
        .given([granted(minutes(-1))])
        .when({ ...remove, until: minutes(-1) })
        .then([removal]);
    });
  });

  describe('the member asked to be erased', () => {
    const end = { type: 'EndVipWindow', guildId: GUILD, discordUserId: MEMBER } as const;
    const ended: VipRoleEvent = {
      type: 'VipWindowEnded',
      data: { guildId: GUILD, discordUserId: MEMBER, reason: 'erasure', endedAt: NOW.toISOString() },
    };

    it('ends an open window now', () => {
      spec
        .given([granted(minutes(30))])
        .when(end)
        .then([ended]);
    });

    it('ends nothing when no window is open, or it was ended already', () => {
      spec.given([]).when(end).then([]);
      spec
        .given([granted(minutes(-1))])
        .when(end)
        .then([]);
      spec
        .given([granted(minutes(30)), removed])
        .when(end)
        .then([]);
      spec
        .given([granted(minutes(30)), ended])
        .when(end)
        .then([]);
    });

    it("closes the window at the bot's removal for the early end, and the member's keys grant nothing again", () => {
      spec
        .given([granted(minutes(30)), ended])
        .when({ ...remove, until: NOW.toISOString() })
        .then([
          { type: 'VipRoleRemoved', data: { guildId: GUILD, discordUserId: MEMBER, removedAt: NOW.toISOString() } },
        ]);
      spec
        .given([granted(minutes(30), 'k1'), ended])
        .when({ ...grant, redeemedAt: minutes(-10) })
        .then([]);
    });
  });
});
