import { keyErrorCodes, keyTexts, type Tier } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveKey, initialKeyState, type KeyEvent, type KeyState } from './key.state.ts';

export type KeyCommand =
  | {
      type: 'GenerateKey';
      keyDigest: string;
      guildId: string;
      /** From the server's `guild-<id>` stream: a key for a server without the bot is useless. */
      botInServer: boolean;
      /** From the server owner's subscription: premium keys come without ads. */
      tier: Tier;
      lifetimeHours: number;
      visitorDigest: string | null;
      accessHashDigest: string | null;
    }
  | { type: 'RedeemKey'; keyDigest: string; guildId: string; discordUserId: string };

export const keyErrors = {
  botNotInServer: () => new DomainError('not_found', keyTexts.botNotInServer, keyErrorCodes.botNotInServer),
  unknown: () => new DomainError('not_found', keyTexts.unknownKey, keyErrorCodes.unknownKey),
  expired: () => new DomainError('gone', keyTexts.expiredKey, keyErrorCodes.expiredKey),
  used: () => new DomainError('conflict', keyTexts.usedKey, keyErrorCodes.usedKey),
  wrongServer: () => new DomainError('conflict', keyTexts.wrongServer, keyErrorCodes.wrongServer),
};

export const keyDecider: Decider<KeyCommand, KeyState, KeyEvent> = {
  initialState: initialKeyState,
  evolve: evolveKey,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'GenerateKey': {
        if (!command.botInServer) throw keyErrors.botNotInServer();
        if (state.status !== 'none') throw new DomainError('conflict', 'This key already exists');
        const { keyDigest, guildId, tier, visitorDigest, accessHashDigest } = command;
        const expiresAt = new Date(now.getTime() + command.lifetimeHours * 3_600_000).toISOString();
        return [
          {
            type: 'KeyGenerated',
            data: {
              keyDigest,
              guildId,
              tier,
              noAds: tier === 'premium',
              expiresAt,
              generatedAt: now.toISOString(),
              visitorDigest,
              accessHashDigest,
            },
          },
        ];
      }
      case 'RedeemKey': {
        if (state.status === 'none') throw keyErrors.unknown();
        // pasted in the wrong server: say so whatever else is true of the key
        if (state.guildId !== command.guildId) throw keyErrors.wrongServer();
        // the member who redeemed it asks again: nothing new here; the VIP decider grants the
        // role if a crash came between the two writes, and says "used" otherwise
        if (state.status === 'redeemed') {
          if (state.redeemedBy === command.discordUserId) return [];
          throw keyErrors.used();
        }
        if (new Date(state.expiresAt!).getTime() <= now.getTime()) throw keyErrors.expired();
        const { keyDigest, guildId, discordUserId } = command;
        return [{ type: 'KeyRedeemed', data: { keyDigest, guildId, discordUserId, redeemedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
