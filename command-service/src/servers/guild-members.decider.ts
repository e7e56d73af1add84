import { configDefaults } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import { type GuildMembersEvent, type GuildMembersState, guildMembersFold } from './guild-members.state.ts';

export type GuildMembersCommand = { type: 'CountMembers'; guildId: string; memberCount: number };

const { share, minutes } = configDefaults.memberCountQuiet;

/** Within the share of the last recorded count and the quiet time after it: nothing worth a new event. */
function nearLastCount(state: GuildMembersState, memberCount: number, now: Date): boolean {
  if (state.memberCount === null || state.reportedAt === null) return false;
  const soon = now.getTime() - Date.parse(state.reportedAt) < minutes * 60_000;
  return soon && Math.abs(memberCount - state.memberCount) < share * state.memberCount;
}

/**
 * Member counts move with every join and leave (a report a minute on a busy server, for
 * years): telemetry the statistics and the landing strip show, which no decision reads. Kept
 * out of the server's own stream; only the newest count is read, to skip an unchanged one and
 * one that stays near it (configDefaults.memberCountQuiet): most of a busy server's reports.
 */
export const guildMembersDecider: Decider<GuildMembersCommand, GuildMembersState, GuildMembersEvent> = {
  ...guildMembersFold,
  decide: (command, state, now) => {
    if (state.memberCount === command.memberCount || nearLastCount(state, command.memberCount, now)) return [];
    const { guildId, memberCount } = command;
    return [{ type: 'GuildMemberCountReported', data: { guildId, memberCount, reportedAt: now.toISOString() } }];
  },
};
