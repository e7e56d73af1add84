import type { SessionUser } from '@vip/contracts';
import { readUser, TOKEN_KEY, USER_KEY } from './storedUser.ts';

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
