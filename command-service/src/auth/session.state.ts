import type { SessionEvent } from '@vip/contracts';

/** Stream `session-<sessionId>`: a sign-in and its end. */
export const sessionStream = (sessionId: string) => `session-${sessionId}`;

export type SessionState = { status: 'none' | 'active' | 'ended'; userId: string | null };

export const initialSessionState = (): SessionState => ({ status: 'none', userId: null });

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { status: 'active', userId: event.data.userId };
    case 'SessionEnded':
      return { ...state, status: 'ended' };
  }
}
