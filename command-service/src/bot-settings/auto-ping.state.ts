import type { EventOf } from '@vip/contracts';

/** Stream `auto-ping-<guildId>`: the key bot's repeating ping in one server. */
export const autoPingStream = (guildId: string) => `auto-ping-${guildId}`;

export type AutoPingEvent = EventOf<'AutoPingStarted' | 'AutoPingStopped'>;

export interface AutoPingState {
  running: boolean;
}

export const initialAutoPingState = (): AutoPingState => ({ running: false });

export function evolveAutoPing(_state: AutoPingState, event: AutoPingEvent): AutoPingState {
  switch (event.type) {
    case 'AutoPingStarted':
      return { running: true };
    case 'AutoPingStopped':
      return { running: false };
  }
}
