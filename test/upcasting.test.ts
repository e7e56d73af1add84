import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AuditPageResponse,
  authReadModels,
  billingReadModels,
  eventSchemas,
  parseEvent,
  parseRecordedEvent,
  type RevenueDocument,
  type UserDocument,
  upcasters,
} from '@vip/contracts';
import { type EventStore, passwords } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api, login } from './support/http.ts';
import { streamEvents } from './support/seed.ts';

const OLD_ADMIN = { username: 'admin', password: 'written-long-ago-1' };
const OLD_USER = { username: 'veteran', password: 'veteran-password-1' };

/** A user as an older version of the product wrote them: UserRegistered v1 (no avatar), no schemaVersion. */
async function writeOldUser(
  store: EventStore,
  userId: string,
  user: { username: string; password: string },
  isAdmin: boolean,
): Promise<void> {
  const metadata = {
    correlationId: `old-${userId}`,
    causationId: `old-${userId}`,
    actor: { kind: 'system' as const, id: 'user-cli' },
  };
  await store.append(
    `username-${user.username}`,
    [{ type: 'UsernameReserved', data: { username: user.username, userId }, metadata }],
    'no_stream',
  );
  const passwordHash = await passwords.hash(user.password);
  await store.append(
    `user-${userId}`,
    [
      {
        type: 'UserRegistered',
        data: { userId, username: user.username, passwordHash, isAdmin, registeredAt: '2025-03-01T10:00:00.000Z' },
        metadata,
      },
    ],
    'no_stream',
  );
}

describe('event versions and upcasting', function () {
  this.timeout(60_000);

  describe('reading events written in an older shape', () => {
    it('has a step for every version below each type’s current one', () => {
      for (const [type, { version }] of Object.entries(eventSchemas)) {
        for (let from = 1; from < version; from++)
          expect(upcasters[type]?.[from], `${type} v${from} → v${from + 1}`).to.be.a('function');
      }
      expect(eventSchemas.UserRegistered.version).to.equal(2);
    });

    it('reads a v1 UserRegistered as today’s shape, with no avatar', () => {
      const v1 = {
        userId: 'u1',
        username: 'ann',
        passwordHash: 'h',
        isAdmin: false,
        registeredAt: '2025-01-01T00:00:00.000Z',
      };
      expect(parseEvent('UserRegistered', v1, 1).data).to.deep.equal({ ...v1, avatar: null });
      // metadata written before versions were recorded means version 1
      expect(
        parseRecordedEvent({
          type: 'UserRegistered',
          data: v1,
          metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 's' } },
        }).data,
      ).to.include({ avatar: null });
      expect(
        parseRecordedEvent({
          type: 'UserRegistered',
          data: { ...v1, avatar: 'https://a/b.png' },
          metadata: { schemaVersion: 2 } as never,
        }).data,
      ).to.include({ avatar: 'https://a/b.png' });
      // still validated after upcasting; a version from the future is refused, not guessed at
      expect(() => parseEvent('UserRegistered', { userId: 'u1' }, 1)).to.throw();
      expect(() => parseEvent('UserRegistered', { ...v1, avatar: null }, 3)).to.throw(/newer version/);
    });

    it('replays a log written in the old shape into today’s read models', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-upcast-'));
      const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
      const readStore = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
      try {
        await writeOldUser(store, 'u-old', OLD_USER, false);
        await rebuildReadModels(store, readStore, allProjectors);
        const user = await readStore.collection<UserDocument>(authReadModels.users).findOne({ _id: 'u-old' });
        expect(user).to.deep.equal({
          _id: 'u-old',
          username: OLD_USER.username,
          isAdmin: false,
          avatar: null,
          registeredAt: '2025-03-01T10:00:00.000Z',
        });
      } finally {
        await Promise.all([store.close(), readStore.close()]);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('Stripe facts written before the money rules of #27 (v1)', () => {
    it('replay into today’s read models: a refund counted against the plan it carried, a dispute as a chargeback', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-upcast-billing-'));
      const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
      const readStore = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
      const at = '2026-03-01T00:00:00.000Z';
      const standing = {
        status: 'active',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        startedAt: at,
        paidUntil: '2026-04-01T00:00:00.000Z',
        graceUntil: null,
        cancelsAt: null,
        endedAt: null,
      };
      const plan = { name: 'Business', startedAt: at, expiresAt: '2026-04-04T00:00:00.000Z', ended: false };
      const fact = (id: string) => ({ userId: 'u-old', stripeEventId: id, stripeEventAt: at, billing: standing, plan });
      // as the product wrote them then: no schemaVersion, none of v2's fields
      const metadata = { correlationId: 'old', causationId: 'old', actor: { kind: 'system' as const, id: 'stripe' } };
      const v1 = [
        {
          type: 'BillingInvoicePaid',
          data: {
            ...fact('evt_1'),
            invoiceId: 'in_1',
            subscriptionId: 'sub_1',
            amountPaid: 1500,
            currency: 'eur',
            periodStart: at,
            periodEnd: '2026-04-01T00:00:00.000Z',
          },
        },
        { type: 'BillingPaymentFailed', data: { ...fact('evt_2'), invoiceId: 'in_2', subscriptionId: 'sub_1' } },
        {
          type: 'BillingSubscriptionChanged',
          data: { ...fact('evt_3'), subscriptionId: 'sub_1', planName: 'Business', cancelsAt: null },
        },
        {
          type: 'BillingChargeRefunded',
          data: { ...fact('evt_4'), chargeId: 'ch_1', amount: 1500, amountRefunded: 500, currency: 'eur' },
        },
        {
          type: 'BillingChargeDisputed',
          data: { ...fact('evt_5'), chargeId: 'ch_2', disputeId: 'dp_1', amount: 700, currency: 'eur' },
        },
      ];
      try {
        await store.append(
          'subscription-u-old',
          v1.map((event) => ({ ...event, metadata })),
          'no_stream',
        );
        await rebuildReadModels(store, readStore, allProjectors);
        const revenue = await readStore
          .collection<RevenueDocument>(billingReadModels.revenue)
          .findOne({ _id: '2026-03|Business|eur' });
        expect(revenue).to.include({ paid: 1500, refunded: 500, disputed: 700, paymentsWithoutFee: 1 });
        expect(parseEvent('BillingPaymentFailed', v1[1].data, 1).data).to.include({ nextPaymentAttempt: null });
        expect(parseEvent('BillingSubscriptionChanged', v1[2].data, 1).data).to.include({ stripeStatus: null });
      } finally {
        await Promise.all([store.close(), readStore.close()]);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('a product started on an old log', () => {
    let product: SpawnedProduct;
    let dataDir: string;

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-old-log-'));
      const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
      try {
        await writeOldUser(store, 'u-old-admin', OLD_ADMIN, true);
        await writeOldUser(store, 'u-veteran', OLD_USER, false);
      } finally {
        await store.close();
      }
      // ADMIN_USERNAME=admin exists already (in the old shape): the product must not create another
      product = await startAllInOne({ dataDir, env: { ADMIN_PASSWORD: 'not-used-any-more-1' } });
    });
    after(async () => {
      await product?.stop();
      removeDataDir(dataDir);
    });

    it('signs in users registered in the old shape, and shows them without an avatar', async () => {
      const token = await login(product.url, OLD_USER.username, OLD_USER.password);
      const info = await api(product.url, 'GET', '/api/user/info', { token });
      expect(info.body).to.deep.equal({ id: 'u-veteran', username: OLD_USER.username, isAdmin: false, avatar: null });
      const adminToken = await login(product.url, OLD_ADMIN.username, OLD_ADMIN.password);
      expect((await api(product.url, 'GET', '/api/user/info', { token: adminToken })).body).to.include({
        isAdmin: true,
        avatar: null,
      });
    });

    it('writes today’s version for new events, and the audit trail says which version each was written in', async () => {
      const created = await runCli('src/cli/user.ts', ['create', 'newcomer', '--password', 'newcomer-password-1'], {
        DATA_DIR: dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      const userId = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
      const [registered] = await streamEvents(dataDir, `user-${userId}`);
      expect(registered.metadata.schemaVersion).to.equal(2);
      expect(registered.data).to.include({ avatar: null });

      const adminToken = await login(product.url, OLD_ADMIN.username, OLD_ADMIN.password);
      let events: AuditPageResponse['events'] = [];
      for (let attempt = 0; attempt < 50 && events.length < 3; attempt++) {
        events = (
          await api<AuditPageResponse>(product.url, 'GET', '/api/admin/audit?type=UserRegistered', {
            token: adminToken,
          })
        ).body.events;
        if (events.length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(events.map((event) => [event.data.username, event.schemaVersion, event.data.avatar])).to.deep.equal([
        ['newcomer', 2, null],
        [OLD_USER.username, 1, null],
        [OLD_ADMIN.username, 1, null],
      ]);
    });

    it('verify finds the live read models equal to a rebuild of the mixed-version log', async () => {
      const result = await runCli('projections/src/cli/verify.ts', [], { DATA_DIR: dataDir });
      expect(result.code, result.stdout + result.stderr).to.equal(0);
    });
  });
});
