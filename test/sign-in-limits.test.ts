import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { FakeDiscord } from '../bots/test/fake-discord/fake-discord.ts';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { D_ALICE, discordWorld, oauthBrowser, productEnv, registerApp } from './support/discord-oauth.ts';
import { api, login } from './support/http.ts';

/**
 * Issue #19 items 1 to 3 against the real product, each client an address of its own (the
 * product trusts one proxy hop here, so X-Forwarded-For names the client): limits a flood
 * cannot reset, a budget per account across addresses, and a hash queue that takes turns.
 */
describe('sign-in limits under a flood (issue #19 items 1–3)', function () {
  this.timeout(120_000);
  const signInFrom = (product: SpawnedProduct, address: string, username: string, password: string) =>
    api(product.url, 'POST', '/api/auth/login', {
      body: { username, password },
      headers: { 'x-forwarded-for': address },
    });
  /** Runs `count` calls of `one`, `atOnce` at a time; answers their statuses. */
  const inWaves = async (count: number, atOnce: number, one: (i: number) => Promise<{ status: number }>) => {
    const statuses: number[] = [];
    for (let from = 0; from < count; from += atOnce) {
      const wave = Array.from({ length: Math.min(atOnce, count - from) }, (_, j) => one(from + j));
      for (const answer of await Promise.all(wave)) statuses.push(answer.status);
    }
    return statuses;
  };
  const tally = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  describe('limits that a flood cannot reset, per client and per account', () => {
    let product: SpawnedProduct;
    let fake: FakeDiscord;
    let adminToken: string;
    const target = { username: 'target-owner', password: 'target-password-1' };

    before(async () => {
      fake = await discordWorld();
      product = await startAllInOne({
        env: productEnv(fake, {
          TRUST_PROXY_HOPS: '1',
          RATE_LIMIT_LOGINS_PER_MINUTE: '10',
          RATE_LIMIT_LOGINS_PER_CLIENT_PER_MINUTE: '30',
          RATE_LIMIT_LOGINS_PER_ACCOUNT_PER_MINUTE: '30',
          // a small counter, so that a test fills its shares with a few hundred sign-ins instead of
          // 50,000; each of its 28 shares (a limit, or a limit's coarser key) holds 42 windows
          RATE_LIMIT_WINDOWS: '1200',
        }),
      });
      registerApp(fake, product.url);
      adminToken = await login(product.url, ADMIN.username, ADMIN.password);
      const created = await api(product.url, 'POST', '/api/admin/subscribers', {
        token: adminToken,
        body: { ...target, planName: 'Basic', days: 30 },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const token = await login(product.url, target.username, target.password);
      const linked = await oauthBrowser(
        () => product.url,
        () => fake,
      ).signInAs(D_ALICE, token, 'connect');
      expect(linked.status, JSON.stringify(linked.body)).to.equal(200);
    });
    after(async () => {
      await product?.stop();
      await fake?.close();
      if (product) removeDataDir(product.dataDir);
    });

    it('lets one client try at most its budget of usernames a minute, whatever names it makes up', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await signInFrom(product, '10.2.0.1', `rotating-${i}-${randomUUID()}`, 'wrong')).status);
      expect(statuses, JSON.stringify(tally(statuses))).to.deep.equal([...Array(30).fill(401), ...Array(10).fill(429)]);
    });

    it('limits guesses at one account from many addresses, and Discord sign-in still lets its owner in', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 36; i++)
        statuses.push((await signInFrom(product, `10.3.0.${i + 1}`, target.username, `spread-guess-${i}`)).status);
      // only wrong passwords count against the account (issue #26 item 3): the owner's own
      // sign-in of this minute (before) did not, so all 30 guesses were verified
      expect(statuses).to.deep.equal([...Array(30).fill(401), ...Array(6).fill(429)]);
      // the right password too, from an address never seen: for at most the rest of the minute
      const locked = await signInFrom(product, '10.3.1.1', target.username, target.password);
      expect(locked.status).to.equal(429);
      expect(Number(locked.headers.get('retry-after'))).to.be.within(1, 60);
      // other accounts are not affected
      expect((await signInFrom(product, '10.3.1.2', ADMIN.username, ADMIN.password)).status).to.equal(200);
      const viaDiscord = await oauthBrowser(
        () => product.url,
        () => fake,
      ).signInAs(D_ALICE);
      expect(viaDiscord.status, JSON.stringify(viaDiscord.body)).to.equal(200);
      expect(viaDiscord.body.user.username).to.equal(target.username);
    });

    // last: it leaves the counter full for a minute
    it('keeps a guesser’s spent window through a flood of made-up usernames from a few hundred addresses', async () => {
      for (let i = 0; i < 10; i++)
        expect((await signInFrom(product, '10.0.0.1', 'victim', `guess-${i}`)).status).to.equal(401);
      expect((await signInFrom(product, '10.0.0.1', 'victim', 'guess-10')).status).to.equal(429);

      // a window per client and one per client and username (a made-up username opens none per
      // account): 300 sign-ins ask for 600 windows of shares that hold 42 each
      const flood = await inWaves(300, 10, (i) =>
        signInFrom(product, `10.1.${i >> 8}.${i & 255}`, `made-up-${randomUUID().slice(0, 8)}`, 'wrong-guess'),
      );
      expect(
        flood.every((status) => status === 401 || status === 429),
        JSON.stringify(tally(flood)),
      ).to.equal(true);

      const again = await signInFrom(product, '10.0.0.1', 'victim', 'guess-11');
      expect(again.status, 'the flood gave the guesser fresh guesses').to.equal(429);
      expect(Number(again.headers.get('retry-after'))).to.be.within(1, 60);
    });
  });

  describe('the hash queue takes turns per client', () => {
    let product: SpawnedProduct;

    before(async () => {
      product = await startAllInOne({
        env: {
          TRUST_PROXY_HOPS: '1',
          PASSWORD_HASHES_AT_ONCE: '1',
          PASSWORD_HASHES_QUEUED: '16',
          PASSWORD_HASHES_PER_CLIENT: '3',
        },
      });
    });
    after(async () => {
      await product?.stop();
      if (product) removeDataDir(product.dataDir);
    });

    it('lets a ninth address sign in while eight addresses flood with three connections each', async () => {
      let flooding = true;
      const seen: number[] = [];
      const flooder = async (address: string) => {
        while (flooding) seen.push((await signInFrom(product, address, `flood-${randomUUID()}`, 'wrong')).status);
      };
      const flood = Array.from({ length: 8 }, (_, i) => `10.8.0.${i + 1}`).flatMap((address) =>
        Array.from({ length: 3 }, () => flooder(address)),
      );
      try {
        // the flood has filled the queue once some of its sign-ins were turned away
        while (seen.filter((status) => status === 429).length < 8)
          await new Promise((resolve) => setTimeout(resolve, 20));
        const ninth: number[] = [];
        for (let i = 0; i < 3; i++)
          ninth.push((await signInFrom(product, '10.9.0.1', ADMIN.username, ADMIN.password)).status);
        expect(ninth, `the flood meanwhile: ${JSON.stringify(tally(seen))}`).to.deep.equal([200, 200, 200]);
      } finally {
        flooding = false;
        await Promise.all(flood);
      }
    });
  });
});
