import { personalStreams, type UsernameReserved } from '@vip/contracts';

/**
 * The reservation that keeps usernames unique, case-insensitively: `username-<pseudonym of the
 * lowercase name>` in the log, found from the name through the key store (docs/privacy.md).
 */
export const usernameStream = (username: string) => personalStreams.username(username);

export type UsernameState = { userId: string | null };

export const initialUsernameState = (): UsernameState => ({ userId: null });

export const evolveUsername = (_state: UsernameState, event: UsernameReserved): UsernameState => ({
  userId: event.data.userId,
});
