import { authReadModels, type SessionDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Sessions, so that a token whose session was ended (logout) is refused everywhere. */
export const sessionsProjector = defineProjector({
  name: 'sessions',
  collections: [authReadModels.sessions],
  // a password reset ends a user's sessions still open: found by user and expiry, never by a scan of all
  indexes: { [authReadModels.sessions]: [{ userId: 1, expiresAt: 1 }] },
  handles: ['SessionStarted', 'SessionEnded'],
  async apply(event, documents) {
    const sessions = documents.of<SessionDocument>(authReadModels.sessions);
    const { sessionId, userId } = event.data;
    // each event sets its own fields and keeps the other's: a redelivered start never revives an ended session
    const current = await sessions.get(sessionId);
    switch (event.type) {
      case 'SessionStarted': {
        const { startedAt, expiresAt } = event.data;
        sessions.set({ ...current, _id: sessionId, userId, startedAt, expiresAt });
        return;
      }
      case 'SessionEnded':
        sessions.set({ ...current, _id: sessionId, userId, endedAt: event.data.endedAt });
        return;
    }
  },
});
