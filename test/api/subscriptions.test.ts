import path from 'node:path';
import { errorTexts, planTexts, subscriptionReadModels, subscriptionTexts, whitelistReadModels } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { readModelSnapshot } from '../support/read-models.ts';
import { openProductLog } from '../support/seed.ts';

const DAY = 24 * 3600_000;

describe('subscribers, their subscription and their password', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  /** Every password this journey saw: none may ever reach the log. */
  const passwordsSeen: string[] = [];

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const createSubscriber = (body: Record<string, unknown>) =>
    api(product.url, 'POST', '/api/admin/subscribers', { token: adminToken, body });
  const signIn = (username: string, password: string) =>
    api(product.url, 'POST', '/api/auth/login', { body: { username, password } });

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  describe('creating a subscriber', () => {
    it('with a chosen password: answers the plan and never echoes the password', async () => {
      const before = Date.now();
      const response = await createSubscriber({
        username: 'chosen',
        password: 'chosen-password-1',
        planName: 'Business',
        days: 30,
        maxSlots: 3,
        discordUserId: '123456789012345678',
      });
      expect(response.status).to.equal(201);
      expect(response.body).to.have.all.keys('id', 'username', 'subscription');
      expect(response.body.username).to.equal('chosen');
      const { subscription } = response.body;
      expect(subscription).to.include({ planName: 'Business', maxSlots: 3, active: true });
      const expiresIn = Date.parse(subscription.expiresAt) - Date.parse(subscription.startedAt);
      expect(expiresIn).to.equal(30 * DAY);
      expect(Date.parse(subscription.startedAt)).to.be.at.least(before - 1000);
      expect((await signIn('chosen', 'chosen-password-1')).status).to.equal(200);
      passwordsSeen.push('chosen-password-1');
    });

    it('without a password: generates one, shows it once, and it signs in', async () => {
      const response = await createSubscriber({ username: 'generated', planName: 'Basic', days: 7, maxSlots: 1 });
      expect(response.status).to.equal(201);
      expect(response.body.password).to.be.a('string').with.length.of.at.least(16);
      passwordsSeen.push(response.body.password);
      const signedIn = await signIn('generated', response.body.password);
      expect(signedIn.status).to.equal(200);
      expect(signedIn.body.user).to.deep.equal({ username: 'generated', isAdmin: false });
    });

    it('refuses bad input with clear texts, and appends nothing', async () => {
      const before = await head();
      const valid = { username: 'newbie', planName: 'Basic', days: 30, maxSlots: 3 };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, errorTexts.fillAllFields],
        [{ ...valid, username: '   ' }, errorTexts.fillAllFields],
        [{ ...valid, planName: undefined }, errorTexts.fillAllFields],
        [{ username: 'x', planName: 'Basic' }, errorTexts.fillAllFields],
        [{ ...valid, username: 'ab' }, 'Username must be 3 to 32 characters'],
        [
          { ...valid, username: 'no spaces please' },
          'Username may contain only letters, digits, dot, dash and underscore',
        ],
        [{ ...valid, password: 'short' }, 'Password must be at least 10 characters'],
        [{ ...valid, days: 0 }, subscriptionTexts.daysRange],
        [{ ...valid, days: 3651 }, subscriptionTexts.daysRange],
        [{ ...valid, days: 1.5 }, subscriptionTexts.daysRange],
        [{ ...valid, maxSlots: 101 }, subscriptionTexts.maxSlotsRange],
        [{ ...valid, maxSlots: 'many' }, subscriptionTexts.maxSlotsRange],
        [{ ...valid, planName: 'p'.repeat(51) }, subscriptionTexts.planNameLength],
        // plans are configuration: a name that is none of them is refused
        [{ ...valid, planName: 'Gold' }, planTexts.unknownPlan],
        [{ ...valid, discordUserId: '12345' }, subscriptionTexts.discordUserId],
      ];
      for (const [body, text] of cases) {
        const response = await createSubscriber(body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.error, JSON.stringify(body)).to.equal(text);
      }
      const taken = await createSubscriber({ ...valid, username: 'CHOSEN' });
      expect(taken.status).to.equal(409);
      expect(taken.body.error).to.equal(errorTexts.usernameTaken);
      expect(await head()).to.equal(before);
    });

    it('lists subscribers for the admin, newest first', async () => {
      const response = await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
      expect(response.status).to.equal(200);
      const names = response.body.subscribers.map((s: { username: string }) => s.username);
      expect(names.indexOf('generated')).to.be.below(names.indexOf('chosen'));
      const chosen = response.body.subscribers.find((s: { username: string }) => s.username === 'chosen');
      expect(chosen).to.include.all.keys(
        'id',
        'username',
        'planName',
        'startedAt',
        'expiresAt',
        'active',
        'maxSlots',
        'slotsOverride',
        'discordUserId',
      );
      expect(chosen).to.include({
        planName: 'Business',
        active: true,
        maxSlots: 3,
        slotsOverride: 3,
        discordUserId: '123456789012345678',
      });
    });
  });

  describe('the subscriber’s own view', () => {
    let id: string;
    let token: string;
    let password: string;

    before(async () => {
      const created = await createSubscriber({ username: 'viewer', planName: 'Premium', days: 10 });
      id = created.body.id;
      password = created.body.password;
      passwordsSeen.push(password);
      token = await login(product.url, 'viewer', password);
    });

    it('shows the plan, the panel username and the license key, and no password anywhere', async () => {
      const response = await api(product.url, 'GET', '/api/user/subscription', { token });
      expect(response.status).to.equal(200);
      expect(response.body).to.have.all.keys(
        'planName',
        'createdAt',
        'expiresAt',
        'active',
        'panelUsername',
        'licenseKey',
        'plan',
        'slots',
        'usableSlots',
        'readOnlyServers',
        'includes',
      );
      expect(response.body).to.include({ planName: 'Premium', active: true, panelUsername: 'viewer' });
      // what the Premium plan sells, from the plans' configuration
      expect(response.body.plan).to.deep.equal({
        name: 'Premium',
        priceEuros: 10,
        serverSlots: 2,
        customVerificationMessage: true,
        analytics: false,
      });
      expect(response.body).to.deep.include({
        slots: 2,
        usableSlots: 2,
        readOnlyServers: [],
        includes: { customVerificationMessage: true, analytics: false },
      });
      expect(response.body.licenseKey).to.match(/^VIP-[0-9A-F]{4}(-[0-9A-F]{4}){4}$/);
      expect(JSON.stringify(response.body))
        .to.not.match(/password/i)
        .and.not.include(password);
      // derived, so it is the same on every read
      expect((await api(product.url, 'GET', '/api/user/subscription', { token })).body.licenseKey).to.equal(
        response.body.licenseKey,
      );
    });

    it('answers 404 to a user who never had a plan', async () => {
      const response = await api(product.url, 'GET', '/api/user/subscription', { token: adminToken });
      expect(response.status).to.equal(404);
      expect(response.body.error).to.equal(subscriptionTexts.noActiveSubscription);
    });

    it('extend moves the expiry from the current one, and may change the slots', async () => {
      const before = (await api(product.url, 'GET', '/api/user/subscription', { token })).body.expiresAt;
      const response = await api(product.url, 'POST', `/api/admin/subscribers/${id}/extend`, {
        token: adminToken,
        body: { days: 5 },
      });
      expect(response.status).to.equal(200);
      expect(response.body.success).to.equal(true);
      expect(Date.parse(response.body.subscription.expiresAt) - Date.parse(before)).to.equal(5 * DAY);
      expect(response.body.subscription.maxSlots).to.equal(2);
      const again = await api(product.url, 'POST', `/api/admin/subscribers/${id}/extend`, {
        token: adminToken,
        body: { days: 1, maxSlots: 4 },
      });
      expect(again.body.subscription.maxSlots).to.equal(4);
      const listed = (
        await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken })
      ).body.subscribers.find((s: { id: string }) => s.id === id);
      expect(listed).to.include({ expiresAt: again.body.subscription.expiresAt, maxSlots: 4 });
      expect((await api(product.url, 'GET', '/api/user/subscription', { token })).body.expiresAt).to.equal(
        again.body.subscription.expiresAt,
      );
    });

    it('extend and end answer 404 for an unknown subscriber and 400 for bad days', async () => {
      for (const path of [
        '/api/admin/subscribers/7c9e6679-7425-40de-944b-e07fc1f90ae7',
        '/api/admin/subscribers/not-an-id',
      ]) {
        for (const action of ['extend', 'end']) {
          const response = await api(product.url, 'POST', `${path}/${action}`, {
            token: adminToken,
            body: { days: 5 },
          });
          expect(response.status, `${path}/${action}`).to.equal(404);
          expect(response.body.error).to.equal(subscriptionTexts.subscriberNotFound);
        }
      }
      const bad = await api(product.url, 'POST', `/api/admin/subscribers/${id}/extend`, {
        token: adminToken,
        body: { days: -1 },
      });
      expect(bad.status).to.equal(400);
      expect(bad.body.error).to.equal(subscriptionTexts.daysRange);
    });

    it('resetting the password: the answer shows the new one once, the old one stops working', async () => {
      const response = await api(product.url, 'POST', '/api/user/reset-password', {
        token,
        body: { currentPassword: password },
      });
      expect(response.status).to.equal(200);
      expect(response.body).to.have.all.keys('password');
      expect(response.body.password).to.not.equal(password);
      expect((await signIn('viewer', password)).status).to.equal(401);
      expect((await signIn('viewer', response.body.password)).status).to.equal(200);
      password = response.body.password;
      passwordsSeen.push(password);
    });

    it('ending the plan makes it inactive, and ending it again is refused', async () => {
      const response = await api(product.url, 'POST', `/api/admin/subscribers/${id}/end`, { token: adminToken });
      expect(response.status).to.equal(200);
      expect(response.body.subscription.active).to.equal(false);
      const view = await api(product.url, 'GET', '/api/user/subscription', { token });
      expect(view.status).to.equal(200);
      expect(view.body.active).to.equal(false);
      const listed = (
        await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken })
      ).body.subscribers.find((s: { id: string }) => s.id === id);
      expect(listed.active).to.equal(false);
      const again = await api(product.url, 'POST', `/api/admin/subscribers/${id}/end`, { token: adminToken });
      expect(again.status).to.equal(409);
      expect(again.body.error).to.equal(subscriptionTexts.alreadyEnded);
    });

    it('extending an ended plan runs it again', async () => {
      const response = await api(product.url, 'POST', `/api/admin/subscribers/${id}/extend`, {
        token: adminToken,
        body: { days: 3 },
      });
      expect(response.body.subscription.active).to.equal(true);
      expect((await api(product.url, 'GET', '/api/user/subscription', { token })).body.active).to.equal(true);
    });

    it('GET /api/user/:id answers a user’s name and avatar, without shadowing the other /api/user routes', async () => {
      const response = await api(product.url, 'GET', `/api/user/${id}`, { token });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ username: 'viewer', avatar: null });
      const unknown = await api(product.url, 'GET', '/api/user/7c9e6679-7425-40de-944b-e07fc1f90ae7', { token });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.equal(subscriptionTexts.userNotFound);
      expect((await api(product.url, 'GET', '/api/user/info', { token })).body.username).to.equal('viewer');
      expect((await api(product.url, 'GET', '/api/user/subscription', { token })).body.panelUsername).to.equal(
        'viewer',
      );
      expect((await api(product.url, 'GET', '/api/user/no-such-thing', { token })).status).to.equal(404);
      expect((await api(product.url, 'GET', `/api/user/${id}`)).status).to.equal(401);
    });

    it('admin routes: 401 without a token, 403 for a subscriber, and nothing appended', async () => {
      const before = await head();
      const calls: Array<[string, string, unknown]> = [
        ['GET', '/api/admin/subscribers', undefined],
        ['POST', '/api/admin/subscribers', { username: 'sneaky', planName: 'Basic', days: 30, maxSlots: 3 }],
        ['POST', `/api/admin/subscribers/${id}/extend`, { days: 30 }],
        ['POST', `/api/admin/subscribers/${id}/end`, {}],
      ];
      for (const [method, path, body] of calls) {
        const anonymous = await api(product.url, method, path, { body });
        expect(anonymous.status, `${method} ${path}`).to.equal(401);
        const subscriber = await api(product.url, method, path, { token, body });
        expect(subscriber.status, `${method} ${path}`).to.equal(403);
        expect(subscriber.body.error).to.equal(errorTexts.forbidden);
      }
      expect((await api(product.url, 'GET', '/api/user/subscription')).status).to.equal(401);
      expect((await api(product.url, 'POST', '/api/user/reset-password')).status).to.equal(401);
      expect(await head()).to.equal(before);
    });
  });
  describe('the log and the read models', () => {
    it('hold no password, only argon2id hashes, and a rebuild from position 0 equals the live read models', async () => {
      await product.stop();
      // the log as the product reads it: the members' ids through their keys
      const eventStore = openProductLog(product.dataDir);
      const live = new SqliteReadStore(path.join(product.dataDir, 'read-models.sqlite'));
      const scratch = new SqliteReadStore(':memory:');
      try {
        const events = await eventStore.readAll();
        const log = JSON.stringify(events);
        expect(passwordsSeen).to.have.length(4);
        for (const password of passwordsSeen) expect(log).to.not.include(password);
        const hashes = events
          .filter((e) => e.type === 'UserRegistered' || e.type === 'PasswordChanged')
          .map((e) => (e.data as { passwordHash: string }).passwordHash);
        expect(hashes).to.have.length.of.at.least(5);
        for (const hash of hashes) expect(hash).to.match(/^\$argon2id\$/);

        await rebuildReadModels(eventStore, scratch, allProjectors);
        for (const collection of [...Object.values(subscriptionReadModels), ...Object.values(whitelistReadModels)]) {
          expect(await readModelSnapshot(scratch, collection), collection).to.deep.equal(
            await readModelSnapshot(live, collection),
          );
        }
        expect(await readModelSnapshot(live, subscriptionReadModels.subscriptions)).to.have.length(3);
      } finally {
        await Promise.all([eventStore.close(), live.close(), scratch.close()]);
      }
    });
  });
});
