import type { EventOf } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `guild-members-<guildId>`: the server's member count each time it changed. */
export const guildMembersStream = (guildId: string) => `guild-members-${guildId}`;

export type GuildMembersEvent = EventOf<'GuildMemberCountReported'>;

export type GuildMembersCommand = { type: 'CountMembers'; guildId: string; memberCount: number };

/** The last count recorded; null before the first. */
export interface GuildMembersState {
  memberCount: number | null;
}

/**
 * Member counts move with every join and leave (a report a minute on a busy server, for
 * years): telemetry the statistics and the landing strip show, which no decision reads. Kept
 * out of the server's own stream; only the newest count is read, to skip an unchanged one.
 */
export const guildMembersDecider: Decider<GuildMembersCommand, GuildMembersState, GuildMembersEvent> = {
  reading: { kind: 'last-event' },
  initialState: () => ({ memberCount: null }),
  evolve: (_state, event) => ({ memberCount: event.data.memberCount }),
  decide: (command, state, now) => {
    if (state.memberCount === command.memberCount) return [];
    const { guildId, memberCount } = command;
    return [{ type: 'GuildMemberCountReported', data: { guildId, memberCount, reportedAt: now.toISOString() } }];
  },
};
