import type { GuildSnapshot } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { handleCommand, type CommandContext } from '../core/command-handler.ts';
import type { Decider } from '../core/decider.ts';
import { evolveGuild, guildStream, initialGuildState, type GuildEvent, type GuildState } from './guild.state.ts';

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

/**
 * What the key bot saw of a server, recorded only when it differs from what is known. The
 * bot route and `npm run demo` both come through here, so the demo server is exactly what
 * a real report would make.
 */
export async function reportGuild(
  store: EventStore,
  guildId: string,
  snapshot: GuildSnapshot,
  context: CommandContext,
) {
  const result = await handleCommand(
    store,
    guildDecider,
    guildStream(guildId),
    { type: 'ReportGuild', guildId, snapshot },
    context,
  );
  return { changed: result.events.length > 0, position: result.position };
}

export async function leaveGuild(store: EventStore, guildId: string, context: CommandContext) {
  const result = await handleCommand(
    store,
    guildDecider,
    guildStream(guildId),
    { type: 'LeaveGuild', guildId },
    context,
  );
  return { changed: result.events.length > 0, position: result.position };
}
