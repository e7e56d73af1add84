import { suspensionTexts } from '@vip/contracts';
import { suspensionDecider } from '../../src/suspensions/suspension.decider.ts';
import type { SuspensionEvent } from '../../src/suspensions/suspension.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(suspensionDecider);
const guildId = '876543210987654321';
const suspended: SuspensionEvent = {
  type: 'ServerSuspended',
  data: { guildId, reason: 'spam links', suspendedAt: '2026-11-01T00:00:00.000Z' },
};
const lifted: SuspensionEvent = {
  type: 'ServerSuspensionLifted',
  data: { guildId, liftedAt: '2026-11-02T00:00:00.000Z' },
};

describe('suspension decider', () => {
  it('suspends a server with the reason', () => {
    spec
      .given([])
      .when({ type: 'SuspendServer', guildId, reason: 'non-payment' })
      .then([{ type: 'ServerSuspended', data: { guildId, reason: 'non-payment', suspendedAt: NOW.toISOString() } }]);
  });

  it('refuses to suspend a suspended server again (the first reason stays)', () => {
    spec
      .given([suspended])
      .when({ type: 'SuspendServer', guildId, reason: 'again' })
      .thenFails('conflict', suspensionTexts.alreadySuspended);
  });

  it('lifts a suspension, and a server lifted may be suspended again', () => {
    spec
      .given([suspended])
      .when({ type: 'LiftSuspension', guildId })
      .then([{ type: 'ServerSuspensionLifted', data: { guildId, liftedAt: NOW.toISOString() } }]);
    spec
      .given([suspended, lifted])
      .when({ type: 'SuspendServer', guildId, reason: 'abuse' })
      .then([{ type: 'ServerSuspended', data: { guildId, reason: 'abuse', suspendedAt: NOW.toISOString() } }]);
  });

  it('refuses to lift what is not suspended', () => {
    spec.given([]).when({ type: 'LiftSuspension', guildId }).thenFails('conflict', suspensionTexts.notSuspended);
    spec
      .given([suspended, lifted])
      .when({ type: 'LiftSuspension', guildId })
      .thenFails('conflict', suspensionTexts.notSuspended);
  });
});
