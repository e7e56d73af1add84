import { expect } from 'chai';
import { authReadModels } from '@vip/contracts';
import { sessionsProjector } from '../src/read-models/sessions.projector.ts';
import { usersProjector } from '../src/read-models/users.projector.ts';
import { givenProjected } from './support/projection-spec.ts';

describe('users projection', () => {
  it('keeps who a user is, never their password hash', async () => {
    const store = await givenProjected(
      [usersProjector],
      [
        {
          type: 'UserRegistered',
          data: {
            userId: 'u1',
            username: 'ann',
            passwordHash: '$argon2id$secret',
            isAdmin: false,
            registeredAt: '2026-11-01T00:00:00.000Z',
            avatar: null,
          },
        },
      ],
    );
    expect(await store.collection(authReadModels.users).findOne({ _id: 'u1' })).to.deep.equal({
      _id: 'u1',
      username: 'ann',
      isAdmin: false,
      avatar: null,
      registeredAt: '2026-11-01T00:00:00.000Z',
    });
  });
});

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
