import { discordTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveManagementCheck,
  initialManagementCheckState,
  type ManagementCheckEvent,
  type ManagementCheckState,
} from './management-check.state.ts';

export type ManagementCheckCommand =
  | { type: 'RequestManagementCheck'; checkId: string; userId: string; discordUserId: string; guildId: string }
  | { type: 'AnswerManagementCheck'; checkId: string; manages: boolean };
/** A check is answered once: a second answer (another shard, a retried call) appends nothing. */
export const managementCheckDecider: Decider<ManagementCheckCommand, ManagementCheckState, ManagementCheckEvent> = {
  initialState: initialManagementCheckState,
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
