import { expect } from 'chai';
import type { GuildMembersEvent } from '../../src/servers/guild-members.state.ts';
import { guildMembersDecider } from '../../src/servers/guild-members.decider.ts';
import { NOW, deciderSpec } from '../support/decider-spec.ts';

const GUILD = '100000000000000001';

describe('guild members decider: the member count, telemetry', () => {
  const members = deciderSpec(guildMembersDecider);
  const counted = (memberCount: number): GuildMembersEvent => ({
    type: 'GuildMemberCountReported',
    data: { guildId: GUILD, memberCount, reportedAt: NOW.toISOString() },
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

  it('is read from its last event only', () => {
    expect(guildMembersDecider.reading).to.deep.equal({ kind: 'last-event' });
  });
});
