import type { EventOf, GreetingSettings } from '@vip/contracts';

/** Stream `greeting-<guildId>`: the welcome message the key bot sends new members. */
export const greetingStream = (guildId: string) => `greeting-${guildId}`;

export type GreetingEvent = EventOf<'GreetingConfigured' | 'GreetingRemoved'>;

export interface GreetingState {
  /** null before the first configuration and after a removal. */
  settings: GreetingSettings | null;
}

export const initialGreetingState = (): GreetingState => ({ settings: null });

export function evolveGreeting(_state: GreetingState, event: GreetingEvent): GreetingState {
  switch (event.type) {
    case 'GreetingConfigured': {
      const { enabled, channelId, delay, message } = event.data;
      return { settings: { enabled, channelId, delay, message } };
    }
    case 'GreetingRemoved':
      return { settings: null };
  }
}
