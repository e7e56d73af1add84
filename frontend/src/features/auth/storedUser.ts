import type { SessionUser } from '@vip/contracts';

/**
 * Where a session survives a reload (spec §3): the token alone under `authToken`, the user as
 * JSON under `user`. Both go together: half a session is treated as none. Kept apart from
 * savedSession.ts (which belongs to the store's chunk) so that the public pages' header can
 * tell who is signed in without loading Redux.
 */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'user';

/** The signed-in user this browser remembers, or null; never writes (the store owns the session). */
export function storedUser(): SessionUser | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ? readUser(localStorage.getItem(USER_KEY)) : null;
  } catch {
    return null; // storage blocked: nobody is remembered
  }
}

export function readUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, isAdmin, avatar } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof isAdmin !== 'boolean') return null;
  return { id, username, isAdmin, avatar: typeof avatar === 'string' && avatar ? avatar : null };
}
