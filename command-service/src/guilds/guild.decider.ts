import type { GuildSnapshot } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import { evolveGuild, initialGuildState, type GuildEvent, type GuildState } from './guild.state.ts';

export type GuildCommand =
  | { type: 'ReportGuild'; guildId: string; snapshot: GuildSnapshot }
  | { type: 'LeaveGuild'; guildId: string };

/** The report says nothing new: the bot re-reports every server on each start. */
function sameAsKnown(state: GuildState, snapshot: GuildSnapshot): boolean {
  const known = {
    name: state.name,
    icon: state.icon,
    memberCount: state.memberCount,
    channels: state.channels,
    missingPermissions: state.missingPermissions,
  };
  const reported = {
    name: snapshot.name,
    icon: snapshot.icon,
    memberCount: snapshot.memberCount,
    channels: snapshot.channels.map(({ id, name }) => ({ id, name })),
    missingPermissions: snapshot.missingPermissions,
  };
  return state.botPresent && JSON.stringify(known) === JSON.stringify(reported);
}

export const guildDecider: Decider<GuildCommand, GuildState, GuildEvent> = {
  initialState: initialGuildState,
  evolve: evolveGuild,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'ReportGuild': {
        const { guildId, snapshot } = command;
        if (sameAsKnown(state, snapshot)) return [];
        const { name, icon, memberCount, missingPermissions } = snapshot;
        const channels = snapshot.channels.map(({ id, name: channelName }) => ({ id, name: channelName }));
        return [
          {
            type: 'GuildReported',
            data: { guildId, name, icon, memberCount, channels, missingPermissions, reportedAt: now.toISOString() },
          },
        ];
      }
      case 'LeaveGuild':
        if (!state.botPresent) return [];
        return [{ type: 'GuildLeft', data: { guildId: command.guildId, leftAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
