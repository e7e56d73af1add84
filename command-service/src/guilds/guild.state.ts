import type { EventOf } from '@vip/contracts';

export const guildStream = (guildId: string) => `guild-${guildId}`;

export type GuildEvent = EventOf<'GuildReported' | 'GuildLeft'>;

/** What the key bot last reported of a server; botPresent is false before a report and after it left. */
export interface GuildState {
  botPresent: boolean;
  name: string | null;
  icon: string | null;
  memberCount: number;
  channels: { id: string; name: string }[];
  missingPermissions: string[];
}

export const initialGuildState = (): GuildState => ({
  botPresent: false,
  name: null,
  icon: null,
  memberCount: 0,
  channels: [],
  missingPermissions: [],
});

export function evolveGuild(state: GuildState, event: GuildEvent): GuildState {
  switch (event.type) {
    case 'GuildReported': {
      const { name, icon, memberCount, channels, missingPermissions } = event.data;
      return { botPresent: true, name, icon, memberCount, channels, missingPermissions };
    }
    case 'GuildLeft':
      return { ...state, botPresent: false };
  }
}
