import { z } from 'zod';
import { sponsorsPaths } from '../routes/sponsors.ts';
import { SPONSOR_URL_MAX, sponsorTexts } from '../texts/sponsors.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

/**
 * A sponsor address as an owner or the operator gives it: an absolute http(s) address that
 * says where it leads (no user name or password in front of the host, which could disguise
 * it), at most SPONSOR_URL_MAX characters. Answers the address normalised, or null.
 */
export function sponsorUrlOf(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > SPONSOR_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.toString();
}

export const sponsorRequestSchema = z.object({
  sponsorUrl: z
    .string({ error: sponsorTexts.badSponsorUrl })
    .trim()
    .max(SPONSOR_URL_MAX, sponsorTexts.sponsorUrlLength)
    .transform((value, context) => {
      const url = sponsorUrlOf(value);
      if (url === null || url.length > SPONSOR_URL_MAX) {
        context.addIssue({
          code: 'custom',
          message: url === null ? sponsorTexts.badSponsorUrl : sponsorTexts.sponsorUrlLength,
        });
        return z.NEVER;
      }
      return url;
    }),
});
export type SponsorRequest = z.input<typeof sponsorRequestSchema>;

/**
 * A server's sponsor step as its owner's panel shows it: its own link, the site's, and the
 * one its key page shows now (none for a premium server).
 */
export interface ServerSponsorResponse {
  serverId: string;
  /** The link the owner set, null when none. */
  sponsorUrl: string | null;
  /** The site's SPONSOR_URL, used when the server has none of its own. */
  siteSponsorUrl: string | null;
  /** What the key page shows now: null for a premium server, else the server's link or the site's. */
  shownUrl: string | null;
  /** A premium owner's key page never shows a sponsor step. */
  premium: boolean;
}

export interface SponsorChangedResponse {
  success: true;
  message: string;
  serverId: string;
  /** The server's own link after the change (null: none, the site's applies). */
  sponsorUrl: string | null;
}

/** GET /api/admin/sponsors: every server with a sponsor link of its own, newest first (admins remove abuse). */
export interface ServerSponsorListResponse {
  sponsors: { serverId: string; serverName: string | null; sponsorUrl: string; setAt: string }[];
}

const id = { id: serverIdParamSchema };
export const sponsorsApi = withSchemas(sponsorsPaths, {
  serverSponsor: {
    summary: "A server's sponsor link (its own, the site's, and the one its key page shows)",
    params: id,
    response: answer<ServerSponsorResponse>(200, 'ServerSponsorResponse'),
  },
  setServerSponsor: {
    summary: `Set a server's own sponsor link (http/https, at most ${SPONSOR_URL_MAX} characters)`,
    params: id,
    body: sponsorRequestSchema,
    response: answer<SponsorChangedResponse>(200, 'SponsorChangedResponse'),
  },
  listServerSponsors: {
    summary: 'Every server with a sponsor link of its own, newest first',
    response: answer<ServerSponsorListResponse>(200, 'ServerSponsorListResponse'),
  },
  clearServerSponsor: {
    summary: "Remove a server's own sponsor link (its owner, or an admin)",
    params: id,
    response: answer<SponsorChangedResponse>(200, 'SponsorChangedResponse'),
  },
});

export { SPONSOR_URL_MAX, sponsorTexts };
