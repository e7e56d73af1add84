import { planTexts, type VerificationMessage } from '@vip/contracts';
import {
  type VerificationMessageInputs,
  verificationMessageDecider,
} from '../../src/verification-message/verification-message.decider.ts';
import type { VerificationMessageEvent } from '../../src/verification-message/verification-message.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(verificationMessageDecider);
const guildId = '876543210987654321';
const message: VerificationMessage = {
  title: 'Welcome to {server.name}',
  description: 'Get a key, then press Redeem Key.',
  buttonLabel: 'Open the key page',
  color: '#3366ff',
};
const owner: VerificationMessageInputs = {
  guildId,
  caller: { userId: 'owner', isAdmin: false },
  included: true,
  notIncludedText: planTexts.notInPlan('customVerificationMessage'),
};
const configured: VerificationMessageEvent = {
  type: 'VerificationMessageConfigured',
  data: { guildId, ...message, color: 0x3366ff, configuredAt: '2026-11-01T00:00:00.000Z' },
};
const configure = (inputs: Partial<VerificationMessageInputs> = {}) =>
  ({ type: 'ConfigureVerificationMessage', ...owner, ...inputs, message }) as const;

describe('verification message decider', () => {
  it("saves the owner's message on a plan that includes it, the colour as Discord's number", () => {
    spec
      .given([])
      .when(configure())
      .then([{ ...configured, data: { ...configured.data, configuredAt: NOW.toISOString() } }]);
  });

  it('saving the same message again says nothing new', () => {
    spec.given([configured]).when(configure()).then([]);
  });

  it('refuses a plan without it, with the plan that unlocks it', () => {
    spec
      .given([])
      .when(configure({ included: false }))
      .thenFails('forbidden', planTexts.notInPlan('customVerificationMessage'));
    spec
      .given([])
      .when(configure({ included: false, notIncludedText: 'ended' }))
      .thenFails('forbidden', 'ended');
  });

  // someone else's server, and a read-only one, are the route's, as for every server setting (test/api/plans.test.ts)
  it('lets an admin save it whatever the plan', () => {
    spec
      .given([])
      .when(configure({ caller: { userId: 'admin', isAdmin: true }, included: false }))
      .then([{ ...configured, data: { ...configured.data, configuredAt: NOW.toISOString() } }]);
  });

  it('resets to the default (allowed without the plan), and a second reset is nothing new', () => {
    const reset = { type: 'ResetVerificationMessage', ...owner, included: false } as const;
    spec
      .given([configured])
      .when(reset)
      .then([{ type: 'VerificationMessageReset', data: { guildId, resetAt: NOW.toISOString() } }]);
    spec.given([]).when(reset).then([]);
  });
});
