import { errorTexts, type SessionEvent } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveSession, initialSessionState, type SessionState } from './session.state.ts';

export type SessionCommand =
  | { type: 'StartSession'; sessionId: string; userId: string; expiresAt: Date; via: 'password' | 'discord' }
  | { type: 'EndSession'; sessionId: string; userId: string };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'StartSession': {
        if (state.status !== 'none') throw new DomainError('conflict', 'Session already exists');
        const { sessionId, userId, expiresAt, via } = command;
        return [
          {
            type: 'SessionStarted',
            data: { sessionId, userId, startedAt: now.toISOString(), expiresAt: expiresAt.toISOString(), via },
          },
        ];
      }
      case 'EndSession': {
        if (state.status === 'none' || state.userId !== command.userId)
          throw new DomainError('unauthorized', errorTexts.unauthorized);
        // ending an ended session again is harmless: a double click on Logout
        if (state.status === 'ended') return [];
        return [
          {
            type: 'SessionEnded',
            data: { sessionId: command.sessionId, userId: command.userId, endedAt: now.toISOString() },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
