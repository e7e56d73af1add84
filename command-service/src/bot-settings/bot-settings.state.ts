import type { EventOf } from '@vip/contracts';

/** Stream `bot-settings-<guildId>`: the key bot's choices for one server. */
export const botSettingsStream = (guildId: string) => `bot-settings-${guildId}`;

export type BotSettingsEvent = EventOf<'VipRoleChosen' | 'LogChannelSet'>;

export interface BotSettingsState {
  vipRoleId: string | null;
  logChannelId: string | null;
}

export const initialBotSettingsState = (): BotSettingsState => ({ vipRoleId: null, logChannelId: null });

export function evolveBotSettings(state: BotSettingsState, event: BotSettingsEvent): BotSettingsState {
  switch (event.type) {
    case 'VipRoleChosen':
      return { ...state, vipRoleId: event.data.roleId };
    case 'LogChannelSet':
      return { ...state, logChannelId: event.data.channelId };
  }
}
