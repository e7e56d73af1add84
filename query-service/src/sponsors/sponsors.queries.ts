import { type ServerSponsorDocument, sponsorReadModels } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** The server's own sponsor link, if its owner set one. */
export async function ownSponsorUrl(readStore: ReadStore, guildId: string): Promise<string | null> {
  const own = await readStore
    .collection<ServerSponsorDocument>(sponsorReadModels.serverSponsors)
    .findOne({ _id: guildId });
  return own?.sponsorUrl ?? null;
}

/**
 * The sponsor step a server's key page shows (decisions.md §3): never for a premium server;
 * else the server's own link, else the site's SPONSOR_URL; none when neither is set.
 */
export function shownSponsorUrl(own: string | null, site: string | undefined, premium: boolean): string | null {
  if (premium) return null;
  return own ?? site ?? null;
}
