import type { EventOf } from '@vip/contracts';

/** Stream `user-servers-<userId>`: the servers in a subscriber's slots. */
export const userServersStream = (userId: string) => `user-servers-${userId}`;

export type UserServersEvent = EventOf<'SubscriberServerAdded' | 'SubscriberServerChanged' | 'SubscriberServerRemoved'>;

export interface UserServersState {
  servers: string[];
}

export const initialUserServersState = (): UserServersState => ({ servers: [] });

export function evolveUserServers(state: UserServersState, event: UserServersEvent): UserServersState {
  switch (event.type) {
    case 'SubscriberServerAdded':
      return state.servers.includes(event.data.guildId) ? state : { servers: [...state.servers, event.data.guildId] };
    case 'SubscriberServerChanged': {
      const { oldGuildId, newGuildId } = event.data;
      return { servers: state.servers.map((id) => (id === oldGuildId ? newGuildId : id)) };
    }
    case 'SubscriberServerRemoved':
      return { servers: state.servers.filter((id) => id !== event.data.guildId) };
  }
}
