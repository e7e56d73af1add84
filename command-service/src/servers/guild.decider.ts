import type { GuildSnapshot } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import { type GuildEvent, type GuildState, guildFold } from './guild.state.ts';

export type GuildCommand =
  | { type: 'ReportGuild'; guildId: string; snapshot: GuildSnapshot }
  | { type: 'LeaveGuild'; guildId: string };

/** The report says nothing new about the server's facts: the bot re-reports every server on each start. */
function sameAsKnown(state: GuildState, snapshot: GuildSnapshot): boolean {
  const known = {
    name: state.name,
    icon: state.icon,
    channels: state.channels,
    missingPermissions: state.missingPermissions,
  };
  const reported = {
    name: snapshot.name,
    icon: snapshot.icon,
    channels: snapshot.channels.map(({ id, name }) => ({ id, name })),
    missingPermissions: snapshot.missingPermissions,
  };
  return state.botPresent && JSON.stringify(known) === JSON.stringify(reported);
}

/** A server's facts: appended only when they change, never for a member count (guild-members.ts). */
export const guildDecider: Decider<GuildCommand, GuildState, GuildEvent> = {
  ...guildFold,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'ReportGuild': {
        const { guildId, snapshot } = command;
        if (sameAsKnown(state, snapshot)) return [];
        const { name, icon, missingPermissions } = snapshot;
        const channels = snapshot.channels.map(({ id, name: channelName }) => ({ id, name: channelName }));
        return [
          {
            type: 'GuildReported',
            data: { guildId, name, icon, channels, missingPermissions, reportedAt: now.toISOString() },
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
