import { errorCodes, type GreetingSettings, greetingTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveGreeting, type GreetingEvent, type GreetingState, initialGreetingState } from './greeting.state.ts';

/** Who may ask is the route's (the catalogue's owner auth); the channels are the server's, from its stream. */
export type GreetingCommand =
  | { type: 'ConfigureGreeting'; guildId: string; settings: GreetingSettings; channels: { id: string; name: string }[] }
  | { type: 'RemoveGreeting'; guildId: string };

/** The form's bounds are the route's schema's; the channel must be one the key bot saw in the server. */
function requireServerChannel(settings: GreetingSettings, channels: { id: string }[]): void {
  if (settings.channelId && !channels.some((channel) => channel.id === settings.channelId))
    throw new DomainError('invalid', greetingTexts.channelNotInServer, errorCodes.validation);
}

const sameSettings = (a: GreetingSettings, b: GreetingSettings) =>
  a.enabled === b.enabled && a.channelId === b.channelId && a.delay === b.delay && a.message === b.message;

export const greetingDecider: Decider<GreetingCommand, GreetingState, GreetingEvent> = {
  initialState: initialGreetingState,
  evolve: evolveGreeting,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'ConfigureGreeting': {
        const { guildId, settings, channels } = command;
        requireServerChannel(settings, channels);
        // saving the form twice says nothing new
        if (state.settings && sameSettings(state.settings, settings)) return [];
        const { enabled, channelId, delay, message } = settings;
        return [
          {
            type: 'GreetingConfigured',
            data: { guildId, enabled, channelId, delay, message, configuredAt: now.toISOString() },
          },
        ];
      }
      case 'RemoveGreeting':
        if (!state.settings) throw new DomainError('not_found', greetingTexts.noGreeting, errorCodes.noGreeting);
        return [{ type: 'GreetingRemoved', data: { guildId: command.guildId, removedAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
