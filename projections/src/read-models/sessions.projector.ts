import { readModels, type SessionDocument } from '@vip/contracts';
import { defineProjector } from '../projector.ts';

/** Sessions, so that a token whose session was ended (logout) is refused everywhere. */
export const sessionsProjector = defineProjector({
  name: 'sessions',
  collections: [readModels.sessions],
  handles: ['SessionStarted', 'SessionEnded'],
  async apply(event, store) {
    const sessions = store.collection<SessionDocument>(readModels.sessions);
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionId, userId, startedAt, expiresAt } = event.data;
        await sessions.updateOne({ _id: sessionId }, { $set: { userId, startedAt, expiresAt } }, { upsert: true });
        return;
      }
      case 'SessionEnded': {
        const { sessionId, userId, endedAt } = event.data;
        await sessions.updateOne({ _id: sessionId }, { $set: { userId, endedAt } }, { upsert: true });
        return;
      }
    }
  },
});
