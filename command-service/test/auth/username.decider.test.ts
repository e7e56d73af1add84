import { errorTexts, type UsernameReserved } from '@vip/contracts';
import { usernameDecider } from '../../src/auth/username.decider.ts';
import { deciderSpec } from '../support/decider-spec.ts';

const reserved: UsernameReserved = { type: 'UsernameReserved', data: { username: 'ann', userId: 'u1' } };

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
