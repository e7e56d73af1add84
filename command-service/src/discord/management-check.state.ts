import type { EventOf } from '@vip/contracts';

/** Stream `management-check-<checkId>`: the panel asks the key bot to read a member's roles in one server. */
export const managementCheckStream = (checkId: string) => `management-check-${checkId}`;

export type ManagementCheckEvent = EventOf<'ManagementCheckRequested' | 'ManagementCheckAnswered'>;
export interface ManagementCheckState {
  request: { userId: string; discordUserId: string; guildId: string } | null;
  answered: boolean;
}

export const initialManagementCheckState = (): ManagementCheckState => ({ request: null, answered: false });

export function evolveManagementCheck(state: ManagementCheckState, event: ManagementCheckEvent): ManagementCheckState {
  switch (event.type) {
    case 'ManagementCheckRequested': {
      const { userId, discordUserId, guildId } = event.data;
      return { request: { userId, discordUserId, guildId }, answered: false };
    }
    case 'ManagementCheckAnswered':
      return { ...state, answered: true };
  }
}
