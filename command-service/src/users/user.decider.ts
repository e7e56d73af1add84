import { errorTexts, subscriptionTexts, type EventOf, type UsernameReserved, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

export const userStream = (userId: string) => `user-${userId}`;
/** Usernames are unique case-insensitively. */
export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;

// ── user-<id> ─────────────────────────────────────────────────────────────────────────
export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  username: string;
  passwordHash: string;
  isAdmin: boolean;
};
/** A reset: the new password arrives already hashed, so no secret ever reaches an event. */
export type ChangePassword = { type: 'ChangePassword'; userId: string; passwordHash: string };
export type UserCommand = RegisterUser | ChangePassword;
export type UserStreamEvent = EventOf<'UserRegistered' | 'PasswordChanged'>;
export type UserState = { registered: boolean; username: string | null; passwordHash: string | null; isAdmin: boolean };

export const userDecider: Decider<UserCommand, UserState, UserStreamEvent> = {
  initialState: () => ({ registered: false, username: null, passwordHash: null, isAdmin: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return {
          registered: true,
          username: event.data.username,
          passwordHash: event.data.passwordHash,
          isAdmin: event.data.isAdmin,
        };
      // login folds this stream too: the newest hash is the only password that works
      case 'PasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
    }
    return state;
  },
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
        if (!state.registered)
          throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
        const { userId, passwordHash } = command;
        return [{ type: 'PasswordChanged', data: { userId, passwordHash, changedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

// ── username-<name>: the reservation that keeps usernames unique ──────────────────────
export type ReserveUsername = { type: 'ReserveUsername'; username: string; userId: string };
export type UsernameState = { userId: string | null };

export const usernameDecider: Decider<ReserveUsername, UsernameState, UsernameReserved> = {
  initialState: () => ({ userId: null }),
  evolve: (_state, event) => ({ userId: event.data.userId }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveUsername':
        if (state.userId === command.userId) return [];
        if (state.userId) throw new DomainError('conflict', errorTexts.usernameTaken, errorCodes.usernameTaken);
        return [{ type: 'UsernameReserved', data: { username: command.username, userId: command.userId } }];
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${String(unknown)}`);
  },
};
