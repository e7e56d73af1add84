import { discordTexts, errorCodes, type EventOf } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

/** Stream `management-check-<checkId>`: the panel asks the key bot to read a member's roles in one server. */
export const managementCheckStream = (checkId: string) => `management-check-${checkId}`;

export type ManagementCheckCommand =
  | { type: 'RequestManagementCheck'; checkId: string; userId: string; discordUserId: string; guildId: string }
  | { type: 'AnswerManagementCheck'; checkId: string; manages: boolean };
export type ManagementCheckEvent = EventOf<'ManagementCheckRequested' | 'ManagementCheckAnswered'>;
export interface ManagementCheckState {
  request: { userId: string; discordUserId: string; guildId: string } | null;
  answered: boolean;
}

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

/** A check is answered once: a second answer (another shard, a retried call) appends nothing. */
export const managementCheckDecider: Decider<ManagementCheckCommand, ManagementCheckState, ManagementCheckEvent> = {
  initialState: () => ({ request: null, answered: false }),
  evolve: evolveManagementCheck,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RequestManagementCheck': {
        if (state.request !== null) throw new Error('management check already requested');
        const { checkId, userId, discordUserId, guildId } = command;
        return [
          {
            type: 'ManagementCheckRequested',
            data: { checkId, userId, discordUserId, guildId, requestedAt: now.toISOString() },
          },
        ];
      }
      case 'AnswerManagementCheck': {
        if (state.request === null)
          throw new DomainError('not_found', discordTexts.checkUnknown, errorCodes.managementCheckUnknown);
        if (state.answered) return [];
        const { userId, discordUserId, guildId } = state.request;
        return [
          {
            type: 'ManagementCheckAnswered',
            data: {
              checkId: command.checkId,
              userId,
              discordUserId,
              guildId,
              manages: command.manages,
              answeredAt: now.toISOString(),
            },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
