import { discordTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveLinkCode, initialLinkCodeState, type LinkCodeEvent, type LinkCodeState } from './link-code.state.ts';

export type LinkCodeCommand =
  | { type: 'IssueLinkCode'; codeDigest: string; userId: string; expiresAt: Date }
  | { type: 'UseLinkCode'; codeDigest: string; discordUserId: string; guildId: string };
/**
 * Whose code it is, when it can still be used at `now`; otherwise the refusal a member reads
 * in Discord: unknown, used or expired, each in its own words.
 */
export function usableLinkCode(state: LinkCodeState, now: Date): { userId: string } {
  if (state.userId === null) throw new DomainError('not_found', discordTexts.unknownCode, errorCodes.linkCodeUnknown);
  if (state.used) throw new DomainError('gone', discordTexts.usedCode, errorCodes.linkCodeUsed);
  if (now.getTime() >= state.expiresAt)
    throw new DomainError('gone', discordTexts.expiredCode, errorCodes.linkCodeExpired);
  return { userId: state.userId };
}

export const linkCodeDecider: Decider<LinkCodeCommand, LinkCodeState, LinkCodeEvent> = {
  initialState: initialLinkCodeState,
  evolve: evolveLinkCode,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'IssueLinkCode': {
        // 80 random bits: a collision is not a case, but an existing stream must never be reissued
        if (state.userId !== null) throw new Error('link code already issued');
        const { codeDigest, userId, expiresAt } = command;
        return [
          {
            type: 'LinkCodeIssued',
            data: { codeDigest, userId, issuedAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
          },
        ];
      }
      case 'UseLinkCode': {
        const { userId } = usableLinkCode(state, now);
        const { codeDigest, discordUserId, guildId } = command;
        return [
          { type: 'LinkCodeUsed', data: { codeDigest, userId, discordUserId, guildId, usedAt: now.toISOString() } },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
