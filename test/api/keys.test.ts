import { errorTexts, keyErrorCodes, keyTexts, randomCodePattern, serverTexts } from '@vip/contracts';
import { digestOf, randomCode } from '@vip/platform';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails } from '../support/http.ts';
import { allEvents, eventually, seedAccessHash, seedGuild, seedGuildLeft, seedPremiumOwner } from '../support/seed.ts';

const FREE = '100000000000000001';
const PREMIUM = '100000000000000002';
const FREE_PLAN = '100000000000000003';
const LEFT = '100000000000000004';
const UNKNOWN = '100000000000000009';
const LIMIT = 5;

describe('access hashes, keys and visits (API)', function () {
  this.timeout(30_000);
  let product: SpawnedProduct;
  let addresses = 0;

  /**
   * Every call comes from its own address (the product trusts X-Forwarded-For here), so the
   * low rate limits this product runs with only bite where a test sends one address on purpose.
   */
  const call = (method: string, path: string, options: { body?: unknown; ip?: string; rawBody?: string } = {}) => {
    const ip = options.ip ?? `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    return api(product.url, method, path, {
      body: options.body,
      rawBody: options.rawBody,
      headers: { 'x-forwarded-for': ip },
    });
  };
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const newHash = async (serverId: string) => {
    const response = await call('POST', '/api/hash/generate', { body: { serverId } });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.hash as string;
  };
  const checkOf = async (hash: string) => call('GET', `/api/hash/check/${encodeURIComponent(hash)}`);

  before(async () => {
    product = await startAllInOne({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_KEYS_PER_MINUTE: String(LIMIT),
        RATE_LIMIT_HASHES_PER_MINUTE: String(LIMIT),
      },
    });
    await seedGuild(product.dataDir, FREE, 'Free server');
    await seedGuild(product.dataDir, PREMIUM, 'Premium server');
    await seedPremiumOwner(product.dataDir, PREMIUM, 'owner-premium');
    await seedGuild(product.dataDir, FREE_PLAN, 'Free plan server');
    await seedPremiumOwner(product.dataDir, FREE_PLAN, 'owner-free', 'Free');
    await seedGuild(product.dataDir, LEFT, 'Left server');
    await seedGuildLeft(product.dataDir, LEFT);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  describe('POST /api/hash/generate', () => {
    it('issues a one-time link for a server the bot is in', async () => {
      const response = await call('POST', '/api/hash/generate', { body: { serverId: FREE } });
      expect(response.status).to.equal(200);
      expect(response.body).to.have.all.keys('success', 'hash');
      expect(response.body.success).to.equal(true);
      expect(response.body.hash).to.match(randomCodePattern);
    });

    it('needs a server id', async () => {
      for (const body of [{}, { serverId: '' }, { serverId: '   ' }, { serverId: 42 }]) {
        const response = await call('POST', '/api/hash/generate', { body });
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body).to.deep.equal({
          success: false,
          error: keyTexts.missingServerOrHash,
          message: keyTexts.missingServerOrHash,
          code: 'validation',
        });
      }
    });

    it('answers Bot not in server for a server it is not in (or left), writing nothing', async () => {
      const before = await head();
      for (const serverId of [UNKNOWN, LEFT]) {
        const response = await call('POST', '/api/hash/generate', { body: { serverId } });
        expect(response.status, serverId).to.equal(404);
        expect(response.body).to.deep.equal({
          success: false,
          error: keyTexts.botNotInServer,
          message: keyTexts.botNotInServer,
          code: keyErrorCodes.botNotInServer,
        });
      }
      // what cannot be a Discord id is not looked up at all (issue #13 item 8)
      const malformed = await call('POST', '/api/hash/generate', { body: { serverId: 'not-a-server' } });
      expect(malformed.status).to.equal(400);
      expect(malformed.body).to.include({ error: serverTexts.badServerId, code: 'validation' });
      expect(await head()).to.equal(before);
    });

    it('is rate limited per client', async () => {
      const ip = '10.9.0.1';
      for (let i = 0; i < LIMIT; i++)
        expect((await call('POST', '/api/hash/generate', { body: { serverId: FREE }, ip })).status).to.equal(200);
      const refused = await call('POST', '/api/hash/generate', { body: { serverId: FREE }, ip });
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({ error: errorTexts.tooManyRequests, code: 'rate_limited' });
      expect((await call('POST', '/api/hash/generate', { body: { serverId: FREE } })).status).to.equal(200);
    });
  });

  describe('the life of an access hash', () => {
    it('is valid until a key is generated through it, then used, and never consumed by a read', async () => {
      const hash = await newHash(FREE);
      const valid = { success: true, serverId: FREE, message: keyTexts.hashValid, error: null, code: 'valid' };
      // read-your-writes: the gate validates right after generating
      for (const path of [`/api/hash/check/${hash}`, `/api/hash/validate/${hash}`, `/api/hash/check/${hash}`]) {
        const response = await call('GET', path);
        expect(response.status, path).to.equal(200);
        expect(response.body).to.deep.equal(valid);
      }

      const generated = await call('POST', '/api/keys/generateKey', { body: { guildId: FREE, hash } });
      expect(generated.status, JSON.stringify(generated.body)).to.equal(200);
      expect(generated.body).to.have.all.keys('key', 'noAds', 'tier', 'expiresAt');

      const used = {
        success: false,
        serverId: FREE,
        message: keyTexts.hashUsed,
        error: keyTexts.hashUsed,
        code: 'used',
      };
      await eventually(async () => (await checkOf(hash)).status === 410, 5000, 'the hash read model to show the use');
      for (const path of [`/api/hash/check/${hash}`, `/api/hash/validate/${hash}`]) {
        const response = await call('GET', path);
        expect(response.status, path).to.equal(410);
        expect(response.body).to.deep.equal(used);
      }

      const before = await head();
      const again = await call('POST', '/api/keys/generateKey', { body: { guildId: FREE, hash } });
      expect(again.status).to.equal(410);
      expect(again.body).to.deep.equal({ error: keyTexts.hashUsed, code: 'used' });
      expect(await head()).to.equal(before);
    });

    it('finds the link however its letters were typed', async () => {
      const hash = await newHash(FREE);
      const response = await checkOf(hash.toLowerCase().replace(/-/g, ''));
      expect(response.status).to.equal(200);
      expect(response.body.code).to.equal('valid');
    });

    it('tells an expired link apart, naming its server so the page can offer a fresh one', async () => {
      const hash = await seedAccessHash(product.dataDir, PREMIUM, new Date(Date.now() - 60_000));
      await eventually(async () => (await checkOf(hash)).status !== 404, 5000, 'the seeded hash to be projected');
      for (const path of [`/api/hash/check/${hash}`, `/api/hash/validate/${hash}`]) {
        const response = await call('GET', path);
        expect(response.status, path).to.equal(410);
        expect(response.body).to.deep.equal({
          success: false,
          serverId: PREMIUM,
          message: keyTexts.hashExpired,
          error: keyTexts.hashExpired,
          code: 'expired',
        });
      }
      const before = await head();
      const refused = await call('POST', '/api/keys/generateKey', { body: { guildId: PREMIUM, hash } });
      expect(refused.status).to.equal(410);
      expect(refused.body).to.deep.equal({ error: keyTexts.hashExpired, code: 'expired' });
      expect(await head()).to.equal(before);
    });

    it('does not know an unknown or malformed link, never failing with a 5xx', async () => {
      const unknown = {
        success: false,
        serverId: null,
        message: keyTexts.invalidHash,
        error: keyTexts.invalidHash,
        code: 'unknown',
      };
      for (const hash of [
        randomCode(16),
        'not-a-hash',
        'x'.repeat(500),
        '%E0%A4%A',
        '..%2F..%2Fetc',
        '%00',
        'ABCD-ABCD-ABCD-ABCD-ABCD-ABCD-A!',
      ]) {
        for (const route of ['check', 'validate']) {
          const response = await call('GET', `/api/hash/${route}/${hash}`);
          expect(response.status, `${route} ${hash}`).to.be.oneOf([404]);
          expect(response.body, hash).to.deep.equal(unknown);
        }
      }
      const before = await head();
      for (const hash of [randomCode(16), 'not-a-hash']) {
        const response = await call('POST', '/api/keys/generateKey', { body: { guildId: FREE, hash } });
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal({ error: keyTexts.invalidHash, code: 'unknown' });
      }
      expect(await head()).to.equal(before);
    });

    it('refuses a link made for another server and leaves it valid', async () => {
      const hash = await newHash(FREE);
      const response = await call('POST', '/api/keys/generateKey', { body: { guildId: PREMIUM, hash } });
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({ error: keyTexts.invalidHash, code: 'unknown' });
      expect((await checkOf(hash)).body.code).to.equal('valid');
    });

    it('gives exactly one key when a link is used by many requests at once', async () => {
      const hash = await newHash(FREE);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', '/api/keys/generateKey', { body: { guildId: FREE, hash } })),
      );
      expect(answers.filter((a) => a.status === 200)).to.have.length(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).to.equal(410);
        expect(refused.body).to.deep.equal({ error: keyTexts.hashUsed, code: 'used' });
      }
      const digest = digestOf(hash);
      const events = await allEvents(product.dataDir);
      expect(
        events.filter((e) => e.type === 'AccessHashUsed' && (e.data as { hashDigest: string }).hashDigest === digest),
      ).to.have.length(1);
      expect(
        events.filter(
          (e) =>
            e.type === 'KeyGenerated' && (e.data as { accessHashDigest: string | null }).accessHashDigest === digest,
        ),
      ).to.have.length(1);
    });
  });

  describe('POST /api/keys/generateKey', () => {
    it('generates a free key valid for 24 hours on a server without a paying owner', async () => {
      for (const guildId of [FREE, FREE_PLAN]) {
        const before = Date.now();
        const response = await call('POST', '/api/keys/generateKey', { body: { guildId } });
        expect(response.status).to.equal(200);
        expect(response.body).to.have.all.keys('key', 'noAds', 'tier', 'expiresAt');
        expect(response.body).to.include({ noAds: false, tier: 'free' });
        expect(response.body.key).to.match(randomCodePattern);
        const expiresAt = new Date(response.body.expiresAt).getTime();
        expect(expiresAt).to.be.within(before + 24 * 3_600_000 - 1000, Date.now() + 24 * 3_600_000 + 1000);
      }
    });

    it('generates a premium key without ads when the owner has an active paid plan', async () => {
      const response = await call('POST', '/api/keys/generateKey', { body: { guildId: PREMIUM } });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ noAds: true, tier: 'premium' });
    });

    it('needs a server id', async () => {
      for (const body of [{}, { guildId: '' }, { guildId: '  ' }, { guildId: null }, { hash: 'x' }]) {
        const response = await call('POST', '/api/keys/generateKey', { body });
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body).to.deep.equal({ error: keyTexts.noServerForKey, code: 'validation' });
      }
      expect((await call('POST', '/api/keys/generateKey', { rawBody: '[1,2]' })).status).to.equal(400);
      expect((await call('POST', '/api/keys/generateKey', { rawBody: '{"guildId":' })).status).to.equal(400);
    });

    it('answers Bot not in server for a server it is not in (or left), writing nothing', async () => {
      const before = await head();
      for (const guildId of [UNKNOWN, LEFT]) {
        const response = await call('POST', '/api/keys/generateKey', { body: { guildId } });
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal({ error: keyTexts.botNotInServer, code: keyErrorCodes.botNotInServer });
      }
      expect(await head()).to.equal(before);
    });

    it('is rate limited per client', async () => {
      const ip = '10.9.0.2';
      for (let i = 0; i < LIMIT; i++)
        expect((await call('POST', '/api/keys/generateKey', { body: { guildId: FREE }, ip })).status).to.equal(200);
      const refused = await call('POST', '/api/keys/generateKey', { body: { guildId: FREE }, ip });
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({ error: errorTexts.tooManyRequests, code: 'rate_limited' });
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
      expect((await call('POST', '/api/keys/generateKey', { body: { guildId: FREE } })).status).to.equal(200);
    });

    it('counts every key generated', async () => {
      const count = async () => (await call('GET', '/api/getGenerationCount')).body.count as number;
      const first = await call('GET', '/api/getGenerationCount');
      expect(first.status).to.equal(200);
      expect(first.body).to.have.all.keys('count');
      await eventually(
        async () =>
          (await count()) === (await allEvents(product.dataDir)).filter((e) => e.type === 'KeyGenerated').length,
        5000,
        'the count to catch up',
      );
      const before = await count();
      for (let i = 0; i < 3; i++)
        expect((await call('POST', '/api/keys/generateKey', { body: { guildId: FREE } })).status).to.equal(200);
      await eventually(async () => (await count()) === before + 3, 5000, 'the count to grow by 3');
    });
  });

  describe('visits', () => {
    it('records a key page visit for a server', async () => {
      const response = await call('POST', '/api/keys/trackVisitor', { body: { serverId: FREE } });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ success: true });
    });

    it('needs the server id of the page visited', async () => {
      for (const body of [{}, { serverId: '' }]) {
        const response = await call('POST', '/api/keys/trackVisitor', { body });
        expect(response.status).to.equal(400);
        expect(response.body).to.deep.equal({ error: keyTexts.noServerId, code: 'validation' });
      }
    });

    it("answers this address's visits, this one included", async () => {
      const visits = async (ip: string) => {
        const response = await call('POST', '/api/trackIpVisit', { body: {}, ip });
        expect(response.status).to.equal(200);
        expect(response.body).to.have.all.keys('visitCount');
        return response.body.visitCount as number;
      };
      expect(await visits('10.8.0.1')).to.equal(1);
      expect(await visits('10.8.0.1')).to.equal(2);
      expect(await visits('10.8.0.2')).to.equal(1);
      // a visit through a server's key page counts for the address too
      expect(
        (await call('POST', '/api/keys/trackVisitor', { body: { serverId: FREE }, ip: '10.8.0.1' })).status,
      ).to.equal(200);
      expect(await visits('10.8.0.1')).to.equal(4);
    });

    it('is rate limited per client', async () => {
      const ip = '10.9.0.3';
      for (let i = 0; i < LIMIT; i++)
        expect((await call('POST', '/api/trackIpVisit', { body: {}, ip })).status).to.equal(200);
      expect((await call('POST', '/api/trackIpVisit', { body: {}, ip })).status).to.equal(429);
      for (let i = 0; i < LIMIT; i++)
        expect((await call('POST', '/api/keys/trackVisitor', { body: { serverId: FREE }, ip })).status).to.equal(200);
      expect((await call('POST', '/api/keys/trackVisitor', { body: { serverId: FREE }, ip })).status).to.equal(429);
    });
  });

  describe('secrets', () => {
    it('never writes a key, an access hash or an address to the log or the output', async () => {
      const hash = await newHash(PREMIUM);
      const generated = await call('POST', '/api/keys/generateKey', {
        body: { guildId: PREMIUM, hash },
        ip: '10.7.6.5',
      });
      expect(generated.status).to.equal(200);
      await call('POST', '/api/trackIpVisit', { body: {}, ip: '10.7.6.5' });
      const log = JSON.stringify(await allEvents(product.dataDir));
      for (const secret of [
        generated.body.key,
        hash,
        '10.7.6.5',
        generated.body.key.replace(/-/g, ''),
        hash.replace(/-/g, ''),
      ]) {
        expect(log.includes(secret), secret).to.equal(false);
        expect(product.output().includes(secret), secret).to.equal(false);
      }
      expect(log.includes(digestOf(generated.body.key))).to.equal(true);
    });
  });
});
