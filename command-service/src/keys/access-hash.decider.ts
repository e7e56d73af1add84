import { errorCodes, keyTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  type AccessHashEvent,
  type AccessHashState,
  evolveAccessHash,
  initialAccessHashState,
} from './access-hash.state.ts';
import { keyErrors } from './key.decider.ts';

export type AccessHashCommand =
  | { type: 'IssueAccessHash'; hashDigest: string; guildId: string; botInServer: boolean; lifetimeMinutes: number }
  /** Consumed by the key generated through the link; `keyDigest` names that key. */
  | { type: 'UseAccessHash'; hashDigest: string; guildId: string; keyDigest: string };

/** The refusals a visitor can meet on a link, with the texts the hash check answers too (and a key's: no bot in the server). */
export const accessHashErrors = {
  unknown: () => new DomainError('not_found', keyTexts.invalidHash, errorCodes.unknownHash),
  expired: () => new DomainError('gone', keyTexts.hashExpired, errorCodes.expiredHash),
  used: () => new DomainError('gone', keyTexts.hashUsed, errorCodes.usedHash),
};

export const accessHashDecider: Decider<AccessHashCommand, AccessHashState, AccessHashEvent> = {
  initialState: initialAccessHashState,
  evolve: evolveAccessHash,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'IssueAccessHash': {
        if (!command.botInServer) throw keyErrors.botNotInServer();
        // 128 random bits never collide in practice; the check keeps the stream one-issue-only
        if (state.status !== 'none') throw new DomainError('conflict', 'This access hash already exists');
        const expiresAt = new Date(now.getTime() + command.lifetimeMinutes * 60_000);
        const { hashDigest, guildId } = command;
        return [
          {
            type: 'AccessHashIssued',
            data: { hashDigest, guildId, issuedAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
          },
        ];
      }
      case 'UseAccessHash': {
        // a link made for another server is as good as no link for this one
        if (state.status === 'none' || state.guildId !== command.guildId) throw accessHashErrors.unknown();
        if (state.status === 'used') throw accessHashErrors.used();
        if (new Date(state.expiresAt!).getTime() <= now.getTime()) throw accessHashErrors.expired();
        const { hashDigest, guildId, keyDigest } = command;
        return [{ type: 'AccessHashUsed', data: { hashDigest, guildId, keyDigest, usedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
