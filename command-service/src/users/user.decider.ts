import { errorTexts, type UserRegistered, type UsernameReserved } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

export const userStream = (userId: string) => `user-${userId}`;
/** Usernames are unique case-insensitively. */
export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;

// ── user-<id> ─────────────────────────────────────────────────────────────────────────
export type RegisterUser = { type: 'RegisterUser'; userId: string; username: string; passwordHash: string; isAdmin: boolean };
export type UserState = { registered: boolean; username: string | null; passwordHash: string | null; isAdmin: boolean };

export const userDecider: Decider<RegisterUser, UserState, UserRegistered> = {
  initialState: () => ({ registered: false, username: null, passwordHash: null, isAdmin: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { registered: true, username: event.data.username, passwordHash: event.data.passwordHash, isAdmin: event.data.isAdmin };
    }
    return state;
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.registered) throw new DomainError('conflict', errorTexts.usernameTaken, 'user_exists');
        const { userId, username, passwordHash, isAdmin } = command;
        return [{ type: 'UserRegistered', data: { userId, username, passwordHash, isAdmin, registeredAt: now.toISOString() } }];
      }
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${String(unknown)}`);
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
        if (state.userId) throw new DomainError('conflict', errorTexts.usernameTaken, 'username_taken');
        return [{ type: 'UsernameReserved', data: { username: command.username, userId: command.userId } }];
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${String(unknown)}`);
  },
};
