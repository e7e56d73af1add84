import type { EventOf } from '@vip/contracts';

/** Stream `sponsor-<guildId>`: the sponsor link of one server's key page (decisions.md §3). */
export const serverSponsorStream = (guildId: string) => `sponsor-${guildId}`;

export type ServerSponsorEvent = EventOf<'ServerSponsorSet' | 'ServerSponsorCleared'>;

export interface ServerSponsorState {
  sponsorUrl: string | null;
}

export const initialServerSponsorState = (): ServerSponsorState => ({ sponsorUrl: null });

export function evolveServerSponsor(_state: ServerSponsorState, event: ServerSponsorEvent): ServerSponsorState {
  switch (event.type) {
    case 'ServerSponsorSet':
      return { sponsorUrl: event.data.sponsorUrl };
    case 'ServerSponsorCleared':
      return { sponsorUrl: null };
  }
}
