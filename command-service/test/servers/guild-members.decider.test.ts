import { expect } from 'chai';
import { guildMembersDecider } from '../../src/servers/guild-members.decider.ts';
import type { GuildMembersEvent } from '../../src/servers/guild-members.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const GUILD = '100000000000000001';

describe('guild members decider: the member count, telemetry', () => {
  const members = deciderSpec(guildMembersDecider);
  const counted = (memberCount: number, minutesAgo = 0): GuildMembersEvent => ({
    type: 'GuildMemberCountReported',
    data: { guildId: GUILD, memberCount, reportedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString() },
  });
  const count = (memberCount: number) => ({ type: 'CountMembers', guildId: GUILD, memberCount }) as const;

  it('records the first count, and each count that differs from the last', () => {
    members
      .given([])
      .when(count(10))
      .then([counted(10)]);
    members
      .given([counted(10)])
      .when(count(11))
      .then([counted(11)]);
    members
      .given([counted(10), counted(11)])
      .when(count(10))
      .then([counted(10)]);
  });

  it('appends nothing for an unchanged count', () => {
    members
      .given([counted(10), counted(11)])
      .when(count(11))
      .then([]);
  });

  it('appends nothing for a count within 1 % of the last recorded one in the hour after it', () => {
    members
      .given([counted(1000, 59)])
      .when(count(1009))
      .then([]);
    members
      .given([counted(1000, 59)])
      .when(count(991))
      .then([]);
  });

  it('records a count 1 % or more away from the last, or an hour or more after it', () => {
    members
      .given([counted(1000, 59)])
      .when(count(1010))
      .then([counted(1010)]);
    members
      .given([counted(1000, 59)])
      .when(count(990))
      .then([counted(990)]);
    members
      .given([counted(1000, 60)])
      .when(count(1001))
      .then([counted(1001)]);
    // on a small server every join is more than 1 %
    members
      .given([counted(50, 1)])
      .when(count(51))
      .then([counted(51)]);
  });

  it('is read from its last event only', () => {
    expect(guildMembersDecider.reading).to.deep.equal({ kind: 'last-event' });
  });
});
