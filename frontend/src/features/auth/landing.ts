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
    // a subscriber who opened an admin page before signing in goes home, not to the not-found screen
    if (!user.isAdmin && /^\/admin(\/|\?|$)/.test(from)) return '/panel';
    return from;
  }
  return user.isAdmin ? '/admin' : '/panel';
}

const DISCORD_LANDING = 'vip.landingAfterDiscord';

/**
 * The page the route guard sent someone away from (a plan they were buying) survives the round
 * trip to Discord's sign-in in this tab's session storage: the login page's own state does not.
 */
export function rememberLandingForDiscord(locationState: unknown): void {
  const from = (locationState as Partial<LoginRedirectState> | null)?.from;
  try {
    if (typeof from === 'string') sessionStorage.setItem(DISCORD_LANDING, from);
    else sessionStorage.removeItem(DISCORD_LANDING);
  } catch {
    // storage refused (private mode): Discord's sign-in lands on the user's home
  }
}

/** The page remembered before going to Discord, once; landingPathFor still checks it is this site's. */
export function takeLandingAfterDiscord(): LoginRedirectState | null {
  try {
    const from = sessionStorage.getItem(DISCORD_LANDING);
    sessionStorage.removeItem(DISCORD_LANDING);
    return from ? { from } : null;
  } catch {
    return null;
  }
}
