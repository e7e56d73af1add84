import type { SessionUser } from '@vip/contracts';

/**
 * Where a session survives a reload (spec §3): the token alone under `authToken`, the user as
 * JSON under `user`. Both go together: half a session is treated as none.
 */
const TOKEN_KEY = 'authToken';
const USER_KEY = 'user';

export interface SavedSession {
  token: string;
  user: SessionUser;
}

export function loadSavedSession(): SavedSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const rawUser = localStorage.getItem(USER_KEY);
    if (token === null && rawUser === null) return null;
    const user = token ? readUser(rawUser) : null;
    if (token && user) return { token, user };
  } catch {
    // storage blocked (private mode, policy): run without persistence
    return null;
  }
  // Unreadable or partial (spec §4): start signed out rather than half signed in.
  forgetSavedSession();
  return null;
}

export function saveSession({ token, user }: SavedSession): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // the session still works for this page; it just will not survive a reload
  }
}

export function forgetSavedSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // nothing was saved
  }
}

function readUser(raw: string | null): SessionUser | null {
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
