import type { Decider } from '../core/decider.ts';
import { guildMembersFold, type GuildMembersEvent, type GuildMembersState } from './guild-members.state.ts';

export type GuildMembersCommand = { type: 'CountMembers'; guildId: string; memberCount: number };

/**
 * Member counts move with every join and leave (a report a minute on a busy server, for
 * years): telemetry the statistics and the landing strip show, which no decision reads. Kept
 * out of the server's own stream; only the newest count is read, to skip an unchanged one.
 */
export const guildMembersDecider: Decider<GuildMembersCommand, GuildMembersState, GuildMembersEvent> = {
  ...guildMembersFold,
  decide: (command, state, now) => {
    if (state.memberCount === command.memberCount) return [];
    const { guildId, memberCount } = command;
    return [{ type: 'GuildMemberCountReported', data: { guildId, memberCount, reportedAt: now.toISOString() } }];
  },
};
