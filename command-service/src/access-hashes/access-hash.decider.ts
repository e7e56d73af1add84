import { keyErrorCodes, keyTexts, type EventOf, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

/** Stream `access-hash-<digest>`: only the SHA-256 digest of the hash names the stream. */
export const accessHashStream = (hashDigest: string) => `access-hash-${hashDigest}`;

export type AccessHashEvent = EventOf<'AccessHashIssued' | 'AccessHashUsed'>;

export type AccessHashCommand =
  | { type: 'IssueAccessHash'; hashDigest: string; guildId: string; botInServer: boolean; lifetimeMinutes: number }
  /** Consumed by the key generated through the link; `keyDigest` names that key. */
  | { type: 'UseAccessHash'; hashDigest: string; guildId: string; keyDigest: string };

export interface AccessHashState {
  status: 'none' | 'issued' | 'used';
  guildId: string | null;
  expiresAt: string | null;
}

/** The refusals a visitor can meet on a link, with the texts the hash check answers too. */
export const accessHashErrors = {
  unknown: () => new DomainError('not_found', keyTexts.invalidHash, errorCodes.unknownHash),
  expired: () => new DomainError('gone', keyTexts.hashExpired, errorCodes.expiredHash),
  used: () => new DomainError('gone', keyTexts.hashUsed, errorCodes.usedHash),
  botNotInServer: () => new DomainError('not_found', keyTexts.botNotInServer, keyErrorCodes.botNotInServer),
};

export const accessHashDecider: Decider<AccessHashCommand, AccessHashState, AccessHashEvent> = {
  initialState: () => ({ status: 'none', guildId: null, expiresAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AccessHashIssued':
        return { status: 'issued', guildId: event.data.guildId, expiresAt: event.data.expiresAt };
      case 'AccessHashUsed':
        return { ...state, status: 'used' };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'IssueAccessHash': {
        if (!command.botInServer) throw accessHashErrors.botNotInServer();
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
