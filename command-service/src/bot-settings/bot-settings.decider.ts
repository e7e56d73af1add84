import { botSettingsTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  type BotSettingsEvent,
  type BotSettingsState,
  evolveBotSettings,
  initialBotSettingsState,
} from './bot-settings.state.ts';

/** `botPresent` comes from the guild stream: settings only make sense where the bot is. */
export type BotSettingsCommand =
  | { type: 'ChooseVipRole'; guildId: string; roleId: string; chosenBy: string; botPresent: boolean }
  | { type: 'SetLogChannel'; guildId: string; channelId: string; setBy: string; botPresent: boolean };

export function requireBotPresent(botPresent: boolean): void {
  if (!botPresent) throw new DomainError('not_found', botSettingsTexts.botNotInServer, errorCodes.botNotInServer);
}

export const botSettingsDecider: Decider<BotSettingsCommand, BotSettingsState, BotSettingsEvent> = {
  initialState: initialBotSettingsState,
  evolve: evolveBotSettings,
  decide: (command, state, now) => {
    requireBotPresent(command.botPresent);
    switch (command.type) {
      case 'ChooseVipRole': {
        // the same choice again is not news (a member runs /setrole twice)
        if (state.vipRoleId === command.roleId) return [];
        const { guildId, roleId, chosenBy } = command;
        return [{ type: 'VipRoleChosen', data: { guildId, roleId, chosenBy, chosenAt: now.toISOString() } }];
      }
      case 'SetLogChannel': {
        if (state.logChannelId === command.channelId) return [];
        const { guildId, channelId, setBy } = command;
        return [{ type: 'LogChannelSet', data: { guildId, channelId, setBy, setAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
