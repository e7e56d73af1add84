import type { SessionUser } from '@vip/contracts';

/** What the route guard leaves in the location state when it sends someone to /login. */
export interface LoginRedirectState {
  from: string;
}

/**
 * Where a signed-in user belongs (spec §2 Login): the page they were sent away from, if any,
 * otherwise their home — /admin for admins, /panel for everyone else.
 */
export function landingPathFor(user: SessionUser, locationState: unknown): string {
  const from = (locationState as Partial<LoginRedirectState> | null)?.from;
  // Only same-site paths: a crafted state must not send someone to another origin ("//host").
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) {
    return from;
  }
  return user.isAdmin ? '/admin' : '/panel';
}
