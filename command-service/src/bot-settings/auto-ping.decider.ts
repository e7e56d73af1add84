import { botLimits, botSettingsTexts, type EventOf, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { requireBotPresent } from './bot-settings.decider.ts';

/** Stream `auto-ping-<guildId>`: the key bot's repeating ping in one server. */
export const autoPingStream = (guildId: string) => `auto-ping-${guildId}`;

export type AutoPingEvent = EventOf<'AutoPingStarted' | 'AutoPingStopped'>;

export type AutoPingCommand =
  | {
      type: 'StartAutoPing';
      guildId: string;
      channelId: string;
      roleId: string | null;
      hours: number;
      startedBy: string;
      botPresent: boolean;
    }
  | { type: 'StopAutoPing'; guildId: string; stoppedBy: string };

export interface AutoPingState {
  running: boolean;
}

export const autoPingDecider: Decider<AutoPingCommand, AutoPingState, AutoPingEvent> = {
  initialState: () => ({ running: false }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'AutoPingStarted':
        return { running: true };
      case 'AutoPingStopped':
        return { running: false };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'StartAutoPing': {
        requireBotPresent(command.botPresent);
        const { min, max } = botLimits.autoPingHours;
        if (!Number.isInteger(command.hours) || command.hours < min || command.hours > max) {
          throw new DomainError('invalid', botSettingsTexts.autoPingHours, errorCodes.validation);
        }
        // starting again restarts the clock: the new interval counts from now
        const { guildId, channelId, roleId, hours, startedBy } = command;
        return [
          {
            type: 'AutoPingStarted',
            data: { guildId, channelId, roleId, hours, startedBy, startedAt: now.toISOString() },
          },
        ];
      }
      case 'StopAutoPing': {
        if (!state.running) return [];
        const { guildId, stoppedBy } = command;
        return [{ type: 'AutoPingStopped', data: { guildId, stoppedBy, stoppedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
