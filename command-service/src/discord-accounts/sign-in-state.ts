import { randomBytes } from 'node:crypto';
import { discordTexts, errorCodes, type EventOf } from '@vip/contracts';
import { DomainError, digestOf, sameSecret, type Keyring } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

/** What a sign-in with Discord remembers between the start and Discord sending the browser back. */
export interface SignInIntent {
  intent: 'sign-in' | 'connect';
  /** The panel user who connects Discord (connect only). */
  userId: string | null;
  /** The exact redirect address given to Discord: the code exchange must name it again. */
  redirectUri: string;
  expiresAt: number;
}

/** The HttpOnly cookie that binds a sign-in to the browser that started it. */
export const SIGN_IN_COOKIE = 'vip_discord_sign_in';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * OAuth's `state`: the intent, signed with the deployment's secret together with a random
 * nonce that only the starting browser holds (in the cookie). A state from another browser
 * (login CSRF), an edited one, or one whose cookie is gone does not verify.
 */
export function issueSignInState(keyring: Keyring, intent: SignInIntent): { state: string; nonce: string } {
  const nonce = randomBytes(32).toString('base64url');
  // the random part makes every state distinct, so that a completed one can be recognised
  const payload = encode({ ...intent, n: randomBytes(9).toString('base64url') });
  return { state: `${payload}.${keyring.keyedDigest('discord-sign-in', `${payload}.${nonce}`)}`, nonce };
}

export function verifySignInState(keyring: Keyring, state: string, nonce: string | undefined, now: Date): SignInIntent {
  const forged = () => new DomainError('invalid', discordTexts.stateForged, errorCodes.discordStateForged);
  const [payload, signature, ...rest] = state.split('.');
  if (!nonce || !payload || !signature || rest.length > 0) throw forged();
  if (!sameSecret(signature, keyring.keyedDigest('discord-sign-in', `${payload}.${nonce}`))) throw forged();
  const intent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignInIntent;
  if (now.getTime() >= intent.expiresAt)
    throw new DomainError('invalid', discordTexts.stateExpired, errorCodes.discordStateExpired);
  return intent;
}

// ── discord-sign-in-<stateDigest>: a state is completed once ────────────────────────────
export const signInStream = (state: string) => `discord-sign-in-${digestOf(state)}`;

export type CompleteSignIn = { type: 'CompleteSignIn'; state: string; userId: string; discordUserId: string };
export type SignInEvent = EventOf<'DiscordSignInCompleted'>;

export const signInDecider: Decider<CompleteSignIn, { completed: boolean }, SignInEvent> = {
  initialState: () => ({ completed: false }),
  evolve: () => ({ completed: true }),
  decide: (command, state, now) => {
    if (state.completed) throw new DomainError('conflict', discordTexts.stateUsed, errorCodes.discordStateUsed);
    const { userId, discordUserId } = command;
    const stateDigest = digestOf(command.state);
    return [
      { type: 'DiscordSignInCompleted', data: { stateDigest, userId, discordUserId, completedAt: now.toISOString() } },
    ];
  },
};
