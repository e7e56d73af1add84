import { z } from 'zod';

/**
 * Stream `sponsor-<guildId>`: the sponsor link a server's owner chose for its key page
 * (decisions.md §3). Without one the site's SPONSOR_URL applies; a premium server shows none.
 */
export const serverSponsorSetSchema = z.object({
  guildId: z.string(),
  sponsorUrl: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});
/** The owner removed the link, or an admin cleared it (`byAdmin`). */
export const serverSponsorClearedSchema = z.object({
  guildId: z.string(),
  clearedBy: z.string(),
  byAdmin: z.boolean(),
  clearedAt: z.string(),
});
