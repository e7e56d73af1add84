import { discordTexts, errorCodes } from '@vip/contracts';
import { DomainError, digestOf } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { evolveSignIn, initialSignInState, type SignInEvent, type SignInState } from './sign-in.state.ts';

export type CompleteSignIn = { type: 'CompleteSignIn'; state: string; userId: string; discordUserId: string };

/** A state is completed once: a second callback with it is refused. */
export const signInDecider: Decider<CompleteSignIn, SignInState, SignInEvent> = {
  initialState: initialSignInState,
  evolve: evolveSignIn,
  decide: (command, state, now) => {
    if (state.completed) throw new DomainError('conflict', discordTexts.stateUsed, errorCodes.discordStateUsed);
    const { userId, discordUserId } = command;
    const stateDigest = digestOf(command.state);
    return [
      { type: 'DiscordSignInCompleted', data: { stateDigest, userId, discordUserId, completedAt: now.toISOString() } },
    ];
  },
};
