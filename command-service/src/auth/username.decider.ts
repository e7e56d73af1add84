import { errorCodes, errorTexts, type UsernameReserved } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveUsername, initialUsernameState, type UsernameState } from './username.state.ts';

export type ReserveUsername = { type: 'ReserveUsername'; username: string; userId: string };

/** A stream appended with no_stream is the only uniqueness an event store gives: the first to reserve a name holds it. */
export const usernameDecider: Decider<ReserveUsername, UsernameState, UsernameReserved> = {
  initialState: initialUsernameState,
  evolve: evolveUsername,
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveUsername':
        if (state.userId === command.userId) return [];
        if (state.userId) throw new DomainError('conflict', errorTexts.usernameTaken, errorCodes.usernameTaken);
        return [{ type: 'UsernameReserved', data: { username: command.username, userId: command.userId } }];
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${String(unknown)}`);
  },
};
