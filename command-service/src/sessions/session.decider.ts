import { errorTexts, type SessionEvent } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

export const sessionStream = (sessionId: string) => `session-${sessionId}`;

export type SessionCommand =
  | { type: 'StartSession'; sessionId: string; userId: string; expiresAt: Date }
  | { type: 'EndSession'; sessionId: string; userId: string };

export type SessionState = { status: 'none' | 'active' | 'ended'; userId: string | null };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: () => ({ status: 'none', userId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SessionStarted':
        return { status: 'active', userId: event.data.userId };
      case 'SessionEnded':
        return { ...state, status: 'ended' };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'StartSession': {
        if (state.status !== 'none') throw new DomainError('conflict', 'Session already exists');
        const { sessionId, userId, expiresAt } = command;
        return [
          {
            type: 'SessionStarted',
            data: { sessionId, userId, startedAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
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
