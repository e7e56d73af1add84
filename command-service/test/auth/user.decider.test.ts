import { errorTexts, subscriptionTexts, type UserRegistered } from '@vip/contracts';
import { expect } from 'chai';
import { userDecider } from '../../src/auth/user.decider.ts';
import type { UserStreamEvent } from '../../src/auth/user.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

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
const changed = (passwordHash: string): UserStreamEvent => ({
  type: 'PasswordChanged',
  data: { userId: 'u1', passwordHash, changedAt: NOW.toISOString() },
});

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

  describe('password reset', () => {
    it('records the new password as its hash only', () => {
      spec
        .given([registered])
        .when({ type: 'ChangePassword', userId: 'u1', passwordHash: '$argon2id$new' })
        .then([changed('$argon2id$new')]);
    });

    it('may reset again: each reset replaces the last', () => {
      spec
        .given([registered, changed('$argon2id$new')])
        .when({ type: 'ChangePassword', userId: 'u1', passwordHash: '$argon2id$newer' })
        .then([changed('$argon2id$newer')]);
    });

    it('answers not found for a user that was never registered', () => {
      spec
        .given([])
        .when({ type: 'ChangePassword', userId: 'u1', passwordHash: '$argon2id$new' })
        .thenFails('not_found', subscriptionTexts.userNotFound);
    });

    it('folds to the newest hash, which is what login checks', () => {
      const state = [registered, changed('$argon2id$new'), changed('$argon2id$newer')].reduce(
        userDecider.evolve,
        userDecider.initialState(),
      );
      expect(state).to.deep.equal({
        registered: true,
        username: 'ann',
        passwordHash: '$argon2id$newer',
        isAdmin: false,
        deleted: false,
      });
    });
  });

  describe('deletion', () => {
    const deleteUser = { type: 'DeleteUser', userId: 'u1', by: 'self', stripeSubscriptionCancelled: 'sub_1' } as const;

    it('records the deletion by the account id only, and forgets the name and the hash', () => {
      spec
        .given([registered])
        .when(deleteUser)
        .then([
          {
            type: 'UserDeleted',
            data: { userId: 'u1', by: 'self', stripeSubscriptionCancelled: 'sub_1', deletedAt: NOW.toISOString() },
          },
        ]);
      const state = [
        registered,
        {
          type: 'UserDeleted',
          data: { userId: 'u1', by: 'self', stripeSubscriptionCancelled: null, deletedAt: NOW.toISOString() },
        } as UserStreamEvent,
      ].reduce(userDecider.evolve, userDecider.initialState());
      expect(state).to.include({ deleted: true, username: null, passwordHash: null });
    });

    it('refuses to delete, or change the password of, an account deleted already', () => {
      const deleted: UserStreamEvent = {
        type: 'UserDeleted',
        data: { userId: 'u1', by: 'admin', stripeSubscriptionCancelled: null, deletedAt: NOW.toISOString() },
      };
      spec.given([registered, deleted]).when(deleteUser).thenFails('not_found', subscriptionTexts.userNotFound);
      spec
        .given([registered, deleted])
        .when({ type: 'ChangePassword', userId: 'u1', passwordHash: '$argon2id$new' })
        .thenFails('not_found', subscriptionTexts.userNotFound);
    });
  });
});
