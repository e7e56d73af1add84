import type { EventOf } from '@vip/contracts';

/** Stream `access-hash-<digest>`: only the SHA-256 digest of the hash names the stream. */
export const accessHashStream = (hashDigest: string) => `access-hash-${hashDigest}`;

export type AccessHashEvent = EventOf<'AccessHashIssued' | 'AccessHashUsed'>;

export interface AccessHashState {
  status: 'none' | 'issued' | 'used';
  guildId: string | null;
  expiresAt: string | null;
}

export const initialAccessHashState = (): AccessHashState => ({ status: 'none', guildId: null, expiresAt: null });

export function evolveAccessHash(state: AccessHashState, event: AccessHashEvent): AccessHashState {
  switch (event.type) {
    case 'AccessHashIssued':
      return { status: 'issued', guildId: event.data.guildId, expiresAt: event.data.expiresAt };
    case 'AccessHashUsed':
      return { ...state, status: 'used' };
  }
}
