import type { EventOf } from '@vip/contracts';
import { digestOf } from '@vip/platform';

/** Stream `discord-sign-in-<stateDigest>`: a sign-in with Discord's state, completed once. */
export const signInStream = (state: string) => `discord-sign-in-${digestOf(state)}`;

export type SignInEvent = EventOf<'DiscordSignInCompleted'>;

export interface SignInState {
  completed: boolean;
}

export const initialSignInState = (): SignInState => ({ completed: false });

export const evolveSignIn = (): SignInState => ({ completed: true });
