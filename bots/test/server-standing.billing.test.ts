import type { DomainEvent } from '@vip/contracts';
import { expect } from 'chai';
import { ServerStandings } from '../src/key-bot/server-standing.ts';
import type { FedEvent } from '../src/shared/event-feed.ts';

const G = '200000000000000001';
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
let position = 0;
const fed = (event: DomainEvent) =>
  ({ ...event, position: ++position, createdAt: new Date(NOW) }) as unknown as Parameters<ServerStandings['apply']>[0];
const standing = {
  status: 'active' as const,
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  startedAt: iso(NOW),
  paidUntil: null,
  graceUntil: null,
  cancelsAt: null,
  endedAt: null,
};
const fact = (id: string, expiresAt: number, ended = false) => ({
  userId: 'u1',
  stripeEventId: id,
  stripeEventAt: iso(NOW),
  billing: standing,
  plan: { name: 'Business', startedAt: iso(NOW), expiresAt: iso(expiresAt), ended },
});

/** A plan bought through Stripe is a plan for the key bot too: greetings, auto-ping and the custom message follow it. */
describe('key bot: the standing of a server whose owner’s plan Stripe bills', () => {
  it('takes the plan each Stripe fact carries, and its end', () => {
    const standings = new ServerStandings();
    standings.apply(
      fed({
        type: 'ServerClaimed',
        data: { guildId: G, userId: 'u1', claimedAt: iso(NOW), discordUserId: null },
      }) as FedEvent<'ServerClaimed'>,
    );
    expect(standings.planOf(G, NOW), 'no plan yet').to.equal(null);
    standings.apply(
      fed({
        type: 'BillingCheckoutCompleted',
        data: {
          ...fact('evt_1', NOW + 3 * 86_400_000),
          checkoutSessionId: 'cs_1',
          subscriptionId: 'sub_1',
          planName: 'Business',
        },
      }),
    );
    expect(standings.planOf(G, NOW)).to.deep.include({ planName: 'Business', active: true });
    expect(standings.includes(G, 'customVerificationMessage', NOW)).to.equal(true);
    standings.apply(
      fed({
        type: 'BillingChargeDisputed',
        data: {
          ...fact('evt_2', NOW, true),
          chargeId: 'ch_1',
          disputeId: 'dp_1',
          amount: 1500,
          currency: 'eur',
          status: 'needs_response',
          invoiceId: null,
          invoiceSubscriptionId: null,
          chargedPlanName: null,
          periodEnd: null,
          cancelledSubscriptionId: 'sub_1',
        },
      }),
    );
    expect(standings.planEnded(G, NOW + 1)).to.equal(true);
  });
});
