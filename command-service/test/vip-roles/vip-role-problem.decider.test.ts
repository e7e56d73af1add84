import { type VipRoleProblemCommand, vipRoleProblemDecider } from '../../src/vip-roles/vip-role-problem.decider.ts';
import type { VipRoleProblemEvent } from '../../src/vip-roles/vip-role-problem.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(vipRoleProblemDecider);
const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';
const failure = (failureId: string): VipRoleProblemCommand => ({
  type: 'RecordVipRoleFailure',
  guildId: GUILD,
  discordUserId: MEMBER,
  action: 'grant',
  problem: 'role-above-bot',
  roleId: '444444444444444444',
  failureId,
});
const failed = (failureId: string, failedAt = NOW.toISOString()): VipRoleProblemEvent => ({
  type: 'VipRoleFailed',
  data: {
    guildId: GUILD,
    discordUserId: MEMBER,
    action: 'grant',
    problem: 'role-above-bot',
    roleId: '444444444444444444',
    failureId,
    failedAt,
  },
});
const fixed: VipRoleProblemEvent = { type: 'VipRoleFixed', data: { guildId: GUILD, fixedAt: NOW.toISOString() } };
const fix: VipRoleProblemCommand = { type: 'RecordVipRoleFixed', guildId: GUILD };

describe('VIP role problem decider', () => {
  it('records each refusal the bot reports, once per failure id (a repeated call is not news)', () => {
    spec
      .given([])
      .when(failure('f1'))
      .then([failed('f1')]);
    spec
      .given([failed('f1')])
      .when(failure('f1'))
      .then([]);
    spec
      .given([failed('f1')])
      .when(failure('f2'))
      .then([failed('f2')]);
  });

  it('records a fix only while a problem is open', () => {
    spec.given([]).when(fix).then([]);
    spec
      .given([failed('f1')])
      .when(fix)
      .then([fixed]);
    spec
      .given([failed('f1'), fixed])
      .when(fix)
      .then([]);
  });

  it('decides on the last event alone: each states the whole state', () => {
    // the handler reads only the stream's last event; folding the whole stream gives the same decisions
    const history = [failed('f1'), fixed, failed('f2')];
    spec.given(history.slice(-1)).when(fix).then([fixed]);
    spec.given(history).when(fix).then([fixed]);
  });
});
