import type { DomainEvent } from '@vip/contracts';
import { expect } from 'chai';
import type { SpawnedProduct } from '../../test/support/all-in-one.ts';
import { appendEvents, eventually } from '../../test/support/seed.ts';
import { directMessagesOf } from './fake-discord/direct-messages.ts';
import type { FakeDiscord } from './fake-discord/fake-discord.ts';
import { removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const DAY_MS = 86_400_000;

/**
 * #27 item 6: a failed card is told outside the panel. The key bot sends a subscriber whose
 * Discord account is linked one direct message per failed invoice (Stripe's retries of it
 * repeat nothing), and says in the log when Discord refuses it.
 */
describe('key bot: a failed payment told by direct message', function () {
  this.timeout(120_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;

  const linked = (userId: string, discordUserId: string): DomainEvent => ({
    type: 'DiscordAccountLinked',
    data: {
      userId,
      discordUserId,
      username: `member-${userId.slice(0, 4)}`,
      avatar: null,
      via: 'oauth',
      linkedAt: new Date().toISOString(),
    },
  });
  const failed = (userId: string, invoiceId: string, stripeEventId: string): DomainEvent => {
    const graceUntil = new Date(Date.now() + 5 * DAY_MS).toISOString();
    return {
      type: 'BillingPaymentFailed',
      data: {
        userId,
        stripeEventId,
        stripeEventAt: new Date().toISOString(),
        invoiceId,
        subscriptionId: 'sub_1',
        nextPaymentAttempt: new Date(Date.now() + 4 * DAY_MS).toISOString(),
        billing: {
          status: 'past_due',
          customerId: 'cus_1',
          subscriptionId: 'sub_1',
          startedAt: new Date(Date.now() - 30 * DAY_MS).toISOString(),
          paidUntil: new Date().toISOString(),
          graceUntil,
          cancelsAt: null,
          endedAt: null,
        },
        plan: {
          name: 'Business',
          startedAt: new Date(Date.now() - 30 * DAY_MS).toISOString(),
          expiresAt: graceUntil,
          ended: false,
        },
      },
    };
  };

  before(async () => {
    fake = await startFakeDiscord();
    product = await startProductWithBots(fake);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('tells a linked subscriber once per failed invoice, and logs that Discord refused one whose DMs are closed', async () => {
    const dms = directMessagesOf(fake);
    const ann = { id: '7a1b2c3d-0000-4000-8000-000000000001', discord: '350000000000000001' };
    const bob = { id: '7a1b2c3d-0000-4000-8000-000000000002', discord: '350000000000000002' };
    dms.closed.add(bob.discord);
    await appendEvents(product.dataDir, `discord-user-${ann.id}`, [linked(ann.id, ann.discord)]);
    await appendEvents(product.dataDir, `subscription-${ann.id}`, [failed(ann.id, 'in_ann', 'evt_1')]);
    await eventually(async () => dms.sent.length > 0, 10_000, 'a direct message');
    expect(dms.sent).to.have.length(1);
    expect(dms.sent[0]).to.include({ bot: 'key', to: ann.discord });
    expect(dms.sent[0].content).to.contain('A payment for your Business plan failed');
    expect(dms.sent[0].content).to.contain('/panel?tab=subscription');
    // Stripe's retry of the same invoice fails again: nothing more is sent; then Bob, whose DMs are closed
    await appendEvents(product.dataDir, `subscription-${ann.id}`, [failed(ann.id, 'in_ann', 'evt_2')]);
    await appendEvents(product.dataDir, `discord-user-${bob.id}`, [linked(bob.id, bob.discord)]);
    await appendEvents(product.dataDir, `subscription-${bob.id}`, [failed(bob.id, 'in_bob', 'evt_3')]);
    await eventually(
      async () => product.output().includes('Discord refused a direct message about a failed payment'),
      10_000,
      'the refusal in the log',
    );
    expect(dms.sent).to.have.length(1);
    // a new failed invoice of Ann's is told again
    await appendEvents(product.dataDir, `subscription-${ann.id}`, [failed(ann.id, 'in_ann_2', 'evt_4')]);
    await eventually(async () => dms.sent.length === 2, 10_000, 'a second direct message');
  });
});
