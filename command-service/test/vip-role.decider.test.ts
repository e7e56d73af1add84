import { vipRoleDecider, type VipRoleEvent } from '../src/vip-roles/vip-role.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(vipRoleDecider);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';

const granted = (until: string, keyDigest = 'k0'): VipRoleEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest, until, grantedAt: minutes(-10) },
});
const removed: VipRoleEvent = {
  type: 'VipRoleRemoved',
  data: { guildId: GUILD, discordUserId: MEMBER, removedAt: minutes(-1) },
};
const grant = { type: 'GrantVipRole', guildId: GUILD, discordUserId: MEMBER, keyDigest: 'k1', minutes: 60 } as const;
const remove = { type: 'RemoveVipRole', guildId: GUILD, discordUserId: MEMBER } as const;
const grantedNow = (until: string): VipRoleEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest: 'k1', until, grantedAt: NOW.toISOString() },
});

describe('VIP role decider', () => {
  describe('granting a role for a redeemed key', () => {
    it('opens a window of the configured minutes for a first key', () => {
      spec
        .given([])
        .when(grant)
        .then([grantedNow(minutes(60))]);
    });

    it('prolongs an open window to a full window from now, never stacking a second one on top', () => {
      // 50 minutes left: a second key gives now + 60, not 50 + 60
      spec
        .given([granted(minutes(50))])
        .when(grant)
        .then([grantedNow(minutes(60))]);
    });

    it('keeps a window that already ends later than now + the minutes', () => {
      // only when the configured minutes were lowered since: the member keeps what they had
      spec
        .given([granted(minutes(90))])
        .when({ ...grant, minutes: 30 })
        .then([grantedNow(minutes(90))]);
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
      spec
        .given([granted(minutes(30), 'k1')])
        .when(grant)
        .then([]);
      spec
        .given([granted(minutes(30), 'k1'), removed])
        .when(grant)
        .then([]);
      spec
        .given([granted(minutes(-5), 'k1'), granted(minutes(50), 'k2')])
        .when(grant)
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
  });
});
