import { colorToNumber, errorCodes, type VerificationMessage } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveVerificationMessage,
  initialVerificationMessageState,
  type VerificationMessageEvent,
  type VerificationMessageState,
} from './verification-message.state.ts';

/**
 * Who asks, and what the owner's plan says (from their subscription stream). That the caller
 * holds the server, and that it is not read-only, the route checks as for every setting.
 */
export interface VerificationMessageInputs {
  guildId: string;
  caller: { userId: string; isAdmin: boolean };
  /** The owner's plan includes a custom verification message now. */
  included: boolean;
  /** Why not, in the words the owner reads (which plan unlocks it, or that theirs ended). */
  notIncludedText: string;
}

export type VerificationMessageCommand =
  | ({ type: 'ConfigureVerificationMessage'; message: VerificationMessage } & VerificationMessageInputs)
  | ({ type: 'ResetVerificationMessage' } & VerificationMessageInputs);

const same = (a: VerificationMessage, b: VerificationMessage) =>
  a.title === b.title &&
  a.description === b.description &&
  a.buttonLabel === b.buttonLabel &&
  a.color.toLowerCase() === b.color.toLowerCase();

export const verificationMessageDecider: Decider<
  VerificationMessageCommand,
  VerificationMessageState,
  VerificationMessageEvent
> = {
  initialState: initialVerificationMessageState,
  evolve: evolveVerificationMessage,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'ConfigureVerificationMessage': {
        // the plan sells it: a subscriber whose plan lacks it (or ended) keeps the default
        if (!command.caller.isAdmin && !command.included)
          throw new DomainError('forbidden', command.notIncludedText, errorCodes.notInPlan);
        if (state.message && same(state.message, command.message)) return [];
        const { title, description, buttonLabel, color } = command.message;
        return [
          {
            type: 'VerificationMessageConfigured',
            data: {
              guildId: command.guildId,
              title,
              description,
              buttonLabel,
              color: colorToNumber(color),
              configuredAt: now.toISOString(),
            },
          },
        ];
      }
      // going back to the default is always allowed: it takes nothing the plan sells
      case 'ResetVerificationMessage':
        if (!state.message) return [];
        return [{ type: 'VerificationMessageReset', data: { guildId: command.guildId, resetAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
