import { errorCodes, sponsorTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveServerSponsor,
  initialServerSponsorState,
  type ServerSponsorEvent,
  type ServerSponsorState,
} from './server-sponsor.state.ts';

/**
 * Who asks, and who holds the server (from its reservation stream). That the caller may act on
 * the server at all is the route's (the catalogue's owner auth); who sets and who removes is here.
 */
export interface SponsorInputs {
  guildId: string;
  caller: { userId: string; isAdmin: boolean };
  ownerId: string | null;
}

export type ServerSponsorCommand =
  | ({ type: 'SetServerSponsor'; sponsorUrl: string } & SponsorInputs)
  | ({ type: 'ClearServerSponsor' } & SponsorInputs);

/** Setting one sends the server's visitors somewhere: only its owner chooses where, not an admin. */
function requireOwnerToSet({ caller, ownerId }: SponsorInputs): void {
  if (ownerId !== caller.userId)
    throw new DomainError('forbidden', sponsorTexts.onlyOwnerSets, errorCodes.notYourServer);
}

/**
 * The owner sets or removes their server's link; an admin may remove it (abuse). The address
 * was checked by the route's schema (http/https, no credentials, length); the same link again,
 * or removing none, changes nothing.
 */
export const serverSponsorDecider: Decider<ServerSponsorCommand, ServerSponsorState, ServerSponsorEvent> = {
  initialState: initialServerSponsorState,
  evolve: evolveServerSponsor,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'SetServerSponsor': {
        requireOwnerToSet(command);
        if (state.sponsorUrl === command.sponsorUrl) return [];
        const { guildId, sponsorUrl, caller } = command;
        return [
          { type: 'ServerSponsorSet', data: { guildId, sponsorUrl, setBy: caller.userId, setAt: now.toISOString() } },
        ];
      }
      case 'ClearServerSponsor': {
        if (state.sponsorUrl === null) return [];
        const { guildId, caller, ownerId } = command;
        const byAdmin = caller.isAdmin && ownerId !== caller.userId;
        return [
          {
            type: 'ServerSponsorCleared',
            data: { guildId, clearedBy: caller.userId, byAdmin, clearedAt: now.toISOString() },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
