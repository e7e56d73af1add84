import type { UsernameReserved } from '@vip/contracts';

/** Stream `username-<name>`: the reservation that keeps usernames unique, case-insensitively. */
export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;

export type UsernameState = { userId: string | null };

export const initialUsernameState = (): UsernameState => ({ userId: null });

export const evolveUsername = (_state: UsernameState, event: UsernameReserved): UsernameState => ({
  userId: event.data.userId,
});
