import { keyErrorCodes, keysApi, keyTexts, type VisitCountResponse } from '@vip/contracts';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api } from '../support/http.ts';
import { allEvents, seedAccessHash, seedGuild, seedGuildLeft } from '../support/seed.ts';

const PRESENT = '640000000000000001';
const LEFT = '640000000000000002';
const UNKNOWN = '640000000000000009';

/**
 * Anonymous callers add no history for nothing (issue #18 item 5): a visit, a one-time link
 * or a key for a server the bot is not in appends nothing, and says so where the page shows it.
 */
describe('no history for nothing (API)', function () {
  this.timeout(30_000);
  let product: SpawnedProduct;
  const post = (path: string, body: unknown) => api(product.url, 'POST', path, { body });
  const logLength = async () => (await allEvents(product.dataDir)).length;
  const botNotInServer = { error: keyTexts.botNotInServer, code: keyErrorCodes.botNotInServer };

  before(async () => {
    product = await startAllInOne();
    await seedGuild(product.dataDir, PRESENT, 'Present server');
    await seedGuild(product.dataDir, LEFT, 'Left server');
    await seedGuildLeft(product.dataDir, LEFT);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('a visit to the key page of a server the bot is in is recorded once per page load', async () => {
    const before = await logLength();
    const counted = await post(keysApi.trackIpVisit.path, { serverId: PRESENT, pageLoadId: 'page-load-present-1' });
    expect(counted.status).to.equal(200);
    expect(counted.body).to.deep.equal({ visitCount: 1 });
    expect(
      (await post(keysApi.trackVisitor.path, { serverId: PRESENT, pageLoadId: 'page-load-present-1' })).status,
    ).to.equal(200);
    expect(await logLength()).to.equal(before + 1);
  });

  for (const [what, serverId] of [
    ['never known', UNKNOWN],
    ['the bot left', LEFT],
  ] as const) {
    it(`a visit, a link or a key for a server ${what} appends nothing`, async () => {
      const before = await logLength();

      const visit = await post(keysApi.trackIpVisit.path, { serverId, pageLoadId: `page-load-${serverId}` });
      expect(visit.status).to.equal(200);
      // the visits of this address so far, this page load not among them
      expect((visit.body as VisitCountResponse).visitCount).to.equal(1);
      expect((await post(keysApi.trackVisitor.path, { serverId })).status).to.equal(200);

      const link = await post(keysApi.generateHash.path, { serverId });
      expect(link.status).to.equal(404);
      expect(link.body).to.deep.include({ success: false, message: keyTexts.botNotInServer });

      const key = await post(keysApi.generateKey.path, { guildId: serverId });
      expect(key.status).to.equal(404);
      expect(key.body).to.deep.equal(botNotInServer);

      expect(await logLength()).to.equal(before);
    });
  }

  it('a link issued before the bot left generates no key and stays unused', async () => {
    const hash = await seedAccessHash(product.dataDir, LEFT, new Date(Date.now() + 10 * 60_000));
    const before = await logLength();
    const key = await post(keysApi.generateKey.path, { guildId: LEFT, hash });
    expect(key.status).to.equal(404);
    expect(key.body).to.deep.equal(botNotInServer);
    expect(await logLength()).to.equal(before);
  });
});
