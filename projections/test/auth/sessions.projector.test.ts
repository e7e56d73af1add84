import { authReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { sessionsProjector } from '../../src/read-models/auth/sessions.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';

describe('sessions projection', () => {
  it('marks an ended session so its token is refused', async () => {
    const store = await givenProjected(
      [sessionsProjector],
      [
        {
          type: 'SessionStarted',
          data: {
            sessionId: 's1',
            userId: 'u1',
            startedAt: '2026-11-22T10:00:00.000Z',
            expiresAt: '2026-11-29T10:00:00.000Z',
          },
        },
        {
          type: 'SessionStarted',
          data: {
            sessionId: 's2',
            userId: 'u1',
            startedAt: '2026-11-22T10:05:00.000Z',
            expiresAt: '2026-11-29T10:05:00.000Z',
          },
        },
        { type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', endedAt: '2026-11-22T11:00:00.000Z' } },
      ],
    );
    const sessions = store.collection(authReadModels.sessions);
    expect((await sessions.findOne({ _id: 's1' }))?.endedAt).to.equal('2026-11-22T11:00:00.000Z');
    expect((await sessions.findOne({ _id: 's2' }))?.endedAt).to.equal(undefined);
  });
});
