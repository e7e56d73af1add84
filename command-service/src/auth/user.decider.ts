import { errorCodes, errorTexts, subscriptionTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveUser, initialUserState, type UserState, type UserStreamEvent } from './user.state.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  username: string;
  passwordHash: string;
  isAdmin: boolean;
};
/** A reset: the new password arrives already hashed, so no secret ever reaches an event. */
export type ChangePassword = { type: 'ChangePassword'; userId: string; passwordHash: string };
/** The account's deletion, once its plan, servers, link and sessions have ended (privacy/user-deletion.ts). */
export type DeleteUser = {
  type: 'DeleteUser';
  userId: string;
  by: 'self' | 'admin';
  stripeSubscriptionCancelled: string | null;
};
export type UserCommand = RegisterUser | ChangePassword | DeleteUser;
export const userDecider: Decider<UserCommand, UserState, UserStreamEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.registered) throw new DomainError('conflict', errorTexts.usernameTaken, errorCodes.userExists);
        const { userId, username, passwordHash, isAdmin } = command;
        // nobody has an avatar yet: the panel shows the initial letter until one is chosen
        return [
          {
            type: 'UserRegistered',
            data: { userId, username, passwordHash, isAdmin, registeredAt: now.toISOString(), avatar: null },
          },
        ];
      }
      case 'ChangePassword': {
        if (!state.registered || state.deleted)
          throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
        const { userId, passwordHash } = command;
        return [{ type: 'PasswordChanged', data: { userId, passwordHash, changedAt: now.toISOString() } }];
      }
      case 'DeleteUser': {
        if (!state.registered || state.deleted)
          throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
        const { userId, by, stripeSubscriptionCancelled } = command;
        return [
          { type: 'UserDeleted', data: { userId, by, stripeSubscriptionCancelled, deletedAt: now.toISOString() } },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
