import { errorTexts, type UserRegistered, type UsernameReserved } from '@vip/contracts';
import { userDecider, usernameDecider } from '../src/users/user.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    username: 'ann',
    passwordHash: '$argon2id$hash',
    isAdmin: false,
    registeredAt: NOW.toISOString(),
    avatar: null,
  },
};
const reserved: UsernameReserved = { type: 'UsernameReserved', data: { username: 'ann', userId: 'u1' } };

describe('user decider', () => {
  const spec = deciderSpec(userDecider);
  const register = {
    type: 'RegisterUser',
    userId: 'u1',
    username: 'ann',
    passwordHash: '$argon2id$hash',
    isAdmin: false,
  } as const;

  it('registers a user with the password hash only', () => {
    spec.given([]).when(register).then([registered]);
  });

  it('refuses to register the same user twice', () => {
    spec.given([registered]).when(register).thenFails('conflict', errorTexts.usernameTaken);
  });
});

describe('username reservation decider', () => {
  const spec = deciderSpec(usernameDecider);

  it('reserves a free username', () => {
    spec.given([]).when({ type: 'ReserveUsername', username: 'ann', userId: 'u1' }).then([reserved]);
  });

  it('refuses a username reserved for another user', () => {
    spec
      .given([reserved])
      .when({ type: 'ReserveUsername', username: 'ann', userId: 'u2' })
      .thenFails('conflict', errorTexts.usernameTaken);
  });

  it('is idempotent for the same user', () => {
    spec.given([reserved]).when({ type: 'ReserveUsername', username: 'ann', userId: 'u1' }).then([]);
  });
});
