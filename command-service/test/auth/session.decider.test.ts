import { errorTexts, type SessionEvent } from '@vip/contracts';
import { sessionDecider } from '../../src/auth/session.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(sessionDecider);
const expiresAt = new Date(NOW.getTime() + 3600_000);
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId: 's1',
    userId: 'u1',
    startedAt: NOW.toISOString(),
    expiresAt: expiresAt.toISOString(),
    via: 'discord',
  },
};
const ended: SessionEvent = {
  type: 'SessionEnded',
  data: { sessionId: 's1', userId: 'u1', endedAt: NOW.toISOString() },
};

describe('session decider', () => {
  it('starts a session', () => {
    // how the user signed in is recorded: a recent Discord sign-in stands in for the password of a deletion
    spec
      .given([])
      .when({ type: 'StartSession', sessionId: 's1', userId: 'u1', expiresAt, via: 'discord' })
      .then([started]);
  });

  it('ends an active session', () => {
    spec.given([started]).when({ type: 'EndSession', sessionId: 's1', userId: 'u1' }).then([ended]);
  });

  it('ends an ended session without a second event (a double logout)', () => {
    spec.given([started, ended]).when({ type: 'EndSession', sessionId: 's1', userId: 'u1' }).then([]);
  });

  it("refuses to end someone else's session", () => {
    spec
      .given([started])
      .when({ type: 'EndSession', sessionId: 's1', userId: 'u2' })
      .thenFails('unauthorized', errorTexts.unauthorized);
  });

  it('refuses to end a session that never started', () => {
    spec
      .given([])
      .when({ type: 'EndSession', sessionId: 's1', userId: 'u1' })
      .thenFails('unauthorized', errorTexts.unauthorized);
  });
});
