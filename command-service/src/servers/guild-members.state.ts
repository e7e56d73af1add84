import type { EventOf } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

/** Stream `guild-members-<guildId>`: the server's member count each time it changed. */
export const guildMembersStream = (guildId: string) => `guild-members-${guildId}`;

export type GuildMembersEvent = EventOf<'GuildMemberCountReported'>;

/** The last count recorded and when; null before the first. */
export interface GuildMembersState {
  memberCount: number | null;
  reportedAt: string | null;
}

/**
 * Member counts move with every join and leave (a report a minute on a busy server, for
 * years): telemetry, read from the newest event only (decider.ts `last-event`).
 */
export const guildMembersFold: Fold<GuildMembersState, GuildMembersEvent> = {
  reading: { kind: 'last-event' },
  initialState: () => ({ memberCount: null, reportedAt: null }),
  evolve: (_state, event) => ({ memberCount: event.data.memberCount, reportedAt: event.data.reportedAt }),
};
