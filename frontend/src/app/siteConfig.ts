/**
 * What the operator sets at build time (VITE_* variables). Nothing here is a secret: it all
 * ends up in the page. Anything missing is shown as "not configured", never invented.
 */
// (undefined outside Vite, e.g. in the unit tests)
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

const clean = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** Only absolute http(s) addresses are followed. */
export function safeExternalUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export const siteConfig = {
  keyBotClientId: clean(env.VITE_DISCORD_CLIENT_ID),
  posterBotClientId: clean(env.VITE_POSTER_DISCORD_CLIENT_ID),
  /** The support server's invite (spec §2 "Contact support", invite page). */
  supportUrl: safeExternalUrl(clean(env.VITE_SUPPORT_URL)),
  /** decisions.md §3: an optional, clearly labelled sponsor step; off unless configured. */
  sponsorUrl: safeExternalUrl(clean(env.VITE_SPONSOR_URL)),
} as const;

/** Spec §2 Invite: administrator permission plus the bot and application-commands scopes. */
export function addToDiscordUrl(clientId: string | undefined): string | undefined {
  if (!clientId || !/^\d{5,25}$/.test(clientId)) return undefined;
  return `https://discord.com/oauth2/authorize?client_id=${clientId}&permissions=8&scope=bot%20applications.commands`;
}
