import type { EventOf } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

export const guildStream = (guildId: string) => `guild-${guildId}`;

export type GuildEvent = EventOf<'GuildReported' | 'GuildLeft'>;

/**
 * What the key bot last reported of a server that decisions need; botPresent is false before a
 * report and after it left. The member count is not here: it is telemetry (guild-members.ts).
 */
export interface GuildState {
  botPresent: boolean;
  name: string | null;
  icon: string | null;
  channels: { id: string; name: string }[];
  missingPermissions: string[];
}

export const initialGuildState = (): GuildState => ({
  botPresent: false,
  name: null,
  icon: null,
  channels: [],
  missingPermissions: [],
});

export function evolveGuild(state: GuildState, event: GuildEvent): GuildState {
  switch (event.type) {
    case 'GuildReported': {
      const { name, icon, channels, missingPermissions } = event.data;
      return { botPresent: true, name, icon, channels, missingPermissions };
    }
    case 'GuildLeft':
      return { ...state, botPresent: false };
  }
}

/**
 * A server lives for years and its channels and permissions change now and then (and a log
 * written before member counts had their own stream holds a report a minute): read from a
 * snapshot. Version 1: the state above.
 */
export const guildFold: Fold<GuildState, GuildEvent> = {
  initialState: initialGuildState,
  evolve: evolveGuild,
  reading: { kind: 'snapshot', version: 1 },
};
