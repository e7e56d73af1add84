import type { EventOf } from '@vip/contracts';

/** Stream `user-<userId>`: a panel user and the hash of their password. */
export const userStream = (userId: string) => `user-${userId}`;

export type UserStreamEvent = EventOf<'UserRegistered' | 'PasswordChanged' | 'UserDeleted'>;
export type UserState = {
  registered: boolean;
  username: string | null;
  passwordHash: string | null;
  isAdmin: boolean;
  /** Deleted on request: nobody signs in as them again, and their name is forgotten here. */
  deleted: boolean;
};

export const initialUserState = (): UserState => ({
  registered: false,
  username: null,
  passwordHash: null,
  isAdmin: false,
  deleted: false,
});

export function evolveUser(state: UserState, event: UserStreamEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        registered: true,
        username: event.data.username,
        passwordHash: event.data.passwordHash,
        isAdmin: event.data.isAdmin,
        deleted: false,
      };
    // login folds this stream too: the newest hash is the only password that works
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserDeleted':
      return { ...state, username: null, passwordHash: null, deleted: true };
  }
  return state;
}
