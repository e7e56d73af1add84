import { plainTextProblem, type UserDiscordResponse } from '@vip/contracts';
import { expect } from 'chai';
import { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { oauthBrowser, productEnv, registerApp } from '../support/discord-oauth.ts';
import { api } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

const EVE = '740000000000000001';
const [REORDERED, INVISIBLE] = ['750000000000000001', '750000000000000002'];

/**
 * Issue #19 item 6: names that arrive from Discord through OAuth (a display name, the names
 * of the servers an account manages) skipped the plain-text rule every other text follows,
 * and were stored and shown with control characters and text direction overrides. They are
 * now cleaned on arrival: what the rule refuses is stripped, and a name left empty falls
 * back to the account's handle or the server's id.
 */
describe('Discord identity: names from Discord follow the plain-text rule (issue #19 item 6)', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;

  before(async () => {
    fake = await FakeDiscord.start([]);
    fake.oauth.addUser({
      id: EVE,
      username: 'eve.d',
      globalName: 'Eve\u202Etxt.exe\u0007\n',
      avatar: '../../../../attachments/evil.png?x=',
    });
    fake.addGuild({ id: REORDERED, name: 'Mods\u202E\u2066 Only\u0000', ownerId: EVE, channels: [], bots: [] });
    fake.addGuild({ id: INVISIBLE, name: '\u200B\u200B\u2060', ownerId: EVE, channels: [], bots: [] });
    product = await startAllInOne({ env: productEnv(fake, { DISCORD_SIGNUP: 'open' }) });
    registerApp(fake, product.url);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('stores and shows a display name and server names stripped of what the rule refuses', async () => {
    const signedIn = await oauthBrowser(
      () => product.url,
      () => fake,
    ).signInAs(EVE);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    const discord = await api<UserDiscordResponse>(product.url, 'GET', '/api/user/discord', {
      token: signedIn.body.token,
    });
    expect(discord.status).to.equal(200);
    expect(discord.body.account).to.include({ id: EVE, username: 'Evetxt.exe' });
    // an avatar that is no Discord image hash is none
    expect(discord.body.account?.avatar).to.equal(null);
    expect(discord.body.managedServers.map((server) => [server.id, server.name])).to.deep.equal([
      [REORDERED, 'Mods Only'],
      [INVISIBLE, INVISIBLE],
    ]);

    const log = await allEvents(product.dataDir);
    for (const event of log) {
      for (const text of JSON.stringify(event.data).match(/"(?:[^"\\]|\\.)*"/g) ?? []) {
        const value = JSON.parse(text) as string;
        expect(plainTextProblem(value), `${event.type}: ${JSON.stringify(value)}`).to.equal(null);
      }
    }
    expect(JSON.stringify(log)).to.not.contain('attachments');
  });
});
