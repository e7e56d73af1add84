import type { Decider } from '../core/decider.ts';
import { type AutoPingEvent, type AutoPingState, evolveAutoPing, initialAutoPingState } from './auto-ping.state.ts';
import { requireBotPresent } from './bot-settings.decider.ts';

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

export const autoPingDecider: Decider<AutoPingCommand, AutoPingState, AutoPingEvent> = {
  initialState: initialAutoPingState,
  evolve: evolveAutoPing,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'StartAutoPing': {
        requireBotPresent(command.botPresent);
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
