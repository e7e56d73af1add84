import type { EventOf } from '@vip/contracts';

/** Stream `key-<digest>`: only the SHA-256 digest of the key names the stream. */
export const keyStream = (keyDigest: string) => `key-${keyDigest}`;

export type KeyEvent = EventOf<'KeyGenerated' | 'KeyRedeemed'>;

export interface KeyState {
  status: 'none' | 'generated' | 'redeemed';
  guildId: string | null;
  expiresAt: string | null;
  /** The member who redeemed it, and when. */
  redeemedBy: string | null;
  redeemedAt: string | null;
}

export const initialKeyState = (): KeyState => ({
  status: 'none',
  guildId: null,
  expiresAt: null,
  redeemedBy: null,
  redeemedAt: null,
});

export function evolveKey(state: KeyState, event: KeyEvent): KeyState {
  switch (event.type) {
    case 'KeyGenerated':
      return {
        status: 'generated',
        guildId: event.data.guildId,
        expiresAt: event.data.expiresAt,
        redeemedBy: null,
        redeemedAt: null,
      };
    case 'KeyRedeemed':
      return {
        ...state,
        status: 'redeemed',
        redeemedBy: event.data.discordUserId,
        redeemedAt: event.data.redeemedAt,
      };
  }
}
