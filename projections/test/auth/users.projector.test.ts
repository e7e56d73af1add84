import { authReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { usersProjector } from '../../src/read-models/auth/users.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';

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
