import { keyTexts, notPlainText, serverTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails, login } from './support/http.ts';
import { seedGuild } from './support/seed.ts';

const GUILD = '100000000000000081';

/**
 * Issue #13 item 8 against the real product: what was once stored in an event (a NUL, HTML
 * and a right-to-left override as a server id; NUL, BEL, RLO and zero-width runs in text)
 * is refused with a clear 400, and nothing is appended.
 */
describe('hostile input is refused before anything is written (issue #13 item 8)', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    await seedGuild(product.dataDir, GUILD);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('takes only a snowflake as the server id of the key page’s calls', async () => {
    const before = await head();
    const calls: [string, string][] = [
      ['/api/keys/generateKey', 'guildId'],
      ['/api/hash/generate', 'serverId'],
      ['/api/keys/trackVisitor', 'serverId'],
      ['/api/trackIpVisit', 'serverId'],
    ];
    for (const [path, field] of calls) {
      for (const bad of [
        '1\u0000',
        '<img src=x onerror=alert(1)>',
        '\u202E100000000000000081',
        '1234',
        'x'.repeat(100),
      ]) {
        const refused = await api(product.url, 'POST', path, { body: { [field]: bad } });
        expect(refused.status, `${path} ${JSON.stringify(bad)}`).to.equal(400);
        const text = refused.body.error ?? refused.body.message;
        expect(text, `${path} ${JSON.stringify(bad)}`).to.equal(serverTexts.badServerId);
      }
    }
    // a missing one keeps its route's own words
    expect((await api(product.url, 'POST', '/api/keys/generateKey', { body: {} })).body.error).to.equal(
      keyTexts.noServerForKey,
    );
    expect(await head()).to.equal(before);
    // and the real id still works
    expect(
      (await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId: ` ${GUILD} ` } })).status,
    ).to.equal(200);
  });

  it('refuses control characters, direction overrides and invisible runs in free text, naming the field', async () => {
    const before = await head();
    const post = (body: unknown) => api(product.url, 'POST', '/api/announcements', { token: adminToken, body });
    for (const title of ['Bell\u0007', 'Nul\u0000', 'evil \u202Etxt.exe', 'hid\u200B\u200B\u200Bden']) {
      const refused = await post({ title, content: 'ok' });
      expect(refused.status, JSON.stringify(title)).to.equal(400);
      expect(refused.body.error).to.equal(notPlainText('Title'));
    }
    const content = await post({ title: 'ok', content: 'line\u0000' });
    expect(content.body.error).to.equal(notPlainText('Content'));
    expect(await head()).to.equal(before);
    // newlines, tabs and other scripts are text
    const fine = await post({ title: 'שלום 👨‍👩‍👧', content: 'line one\n\tline two\r\nline three' });
    expect(fine.status, JSON.stringify(fine.body)).to.equal(201);
  });
});
