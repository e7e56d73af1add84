import { discordTexts } from '@vip/contracts';
import { DomainError, digestOf, Keyring } from '@vip/platform';
import { expect } from 'chai';
import { issueSignInState, verifySignInState } from '../../src/discord/discord-oauth.ts';
import { signInDecider } from '../../src/discord/sign-in.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const D1 = '500000000000000001';
describe('sign-in with Discord: the state bound to the browser', () => {
  const keyring = new Keyring('test-secret');
  const intent = {
    intent: 'sign-in' as const,
    userId: null,
    redirectUri: 'https://vip.example/auth/discord/callback',
    expiresAt: NOW.getTime() + 600_000,
  };
  const refusal = (work: () => unknown): DomainError => {
    try {
      work();
    } catch (error) {
      expect(error).to.be.instanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error('expected a refusal');
  };

  it('verifies with the nonce of the browser that started it', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    expect(verifySignInState(keyring, state, nonce, NOW)).to.include({ intent: 'sign-in', userId: null });
  });

  it('refuses a state from another browser, an edited or foreign one, and one without its cookie', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    const other = issueSignInState(keyring, intent);
    expect(refusal(() => verifySignInState(keyring, state, other.nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
    expect(refusal(() => verifySignInState(keyring, state, undefined, NOW)).message).to.equal(discordTexts.stateForged);
    const [payload, signature] = state.split('.');
    const edited = `${Buffer.from(JSON.stringify({ ...intent, intent: 'connect', userId: 'u2' })).toString('base64url')}.${signature}`;
    expect(refusal(() => verifySignInState(keyring, edited, nonce, NOW)).message).to.equal(discordTexts.stateForged);
    const foreign = issueSignInState(new Keyring('another-deployment'), intent);
    expect(refusal(() => verifySignInState(keyring, foreign.state, foreign.nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
    expect(refusal(() => verifySignInState(keyring, `${payload}`, nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
  });

  it('refuses a state past its ten minutes', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    const late = new Date(intent.expiresAt);
    expect(refusal(() => verifySignInState(keyring, state, nonce, late)).message).to.equal(discordTexts.stateExpired);
  });

  it('is completed once: a replay finds it completed', () => {
    const { state } = issueSignInState(keyring, intent);
    const spec = deciderSpec(signInDecider);
    const completed = {
      type: 'DiscordSignInCompleted' as const,
      data: { stateDigest: digestOf(state), userId: 'u1', discordUserId: D1, completedAt: at },
    };
    spec.given([]).when({ type: 'CompleteSignIn', state, userId: 'u1', discordUserId: D1 }).then([completed]);
    spec
      .given([completed])
      .when({ type: 'CompleteSignIn', state, userId: 'u1', discordUserId: D1 })
      .thenFails('conflict', discordTexts.stateUsed);
  });
});
