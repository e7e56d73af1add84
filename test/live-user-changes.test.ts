import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { proveManagement } from './support/discord.ts';
import { api, login } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

const SERVER = '960000000000000001';

/**
 * /ws carries a user's own changes to that user's panel, as it carries announcements to
 * everyone: `/link` in Discord, a server added, a suspension of their server. Nobody else's
 * socket hears of them.
 */
describe('live changes of a user’s Discord link and servers over /ws', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;

  before(async () => {
    product = await startAllInOne();
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('pushes /link, an added server and a suspension to the owner’s sockets only', async () => {
    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const username of ['live-owner', 'live-bystander']) {
      const created = await api(product.url, 'POST', '/api/admin/subscribers', {
        token: adminToken,
        body: { username, password: `${username}-password`, planName: 'Business', days: 30 },
      });
      expect(created.status).to.be.oneOf([200, 201]);
    }
    const ownerToken = await login(product.url, 'live-owner', 'live-owner-password');
    const bystanderToken = await login(product.url, 'live-bystander', 'live-bystander-password');
    const reported = await api(product.url, 'POST', `/api/bot/guilds/${SERVER}`, {
      token: BOT_TOKEN,
      body: { name: 'Live Server', icon: null, memberCount: 10, channels: [], missingPermissions: [] },
    });
    expect(reported.status).to.equal(200);

    const owner = await LiveClient.connect(product.url, { type: 'auth', token: ownerToken });
    const bystander = await LiveClient.connect(product.url, { type: 'auth', token: bystanderToken });
    await owner.waitFor((message) => message.type === 'ready');
    await bystander.waitFor((message) => message.type === 'ready');

    await proveManagement(product.url, ownerToken, [SERVER]);
    await owner.waitFor((message) => message.type === 'discord_changed');

    const added = await api(product.url, 'POST', '/api/user/add-server', {
      token: ownerToken,
      body: { guildId: SERVER },
    });
    expect(added.status).to.equal(200);
    await owner.waitFor((message) => message.type === 'servers_changed');

    const suspended = await api(product.url, 'POST', `/api/admin/servers/${SERVER}/suspend`, {
      token: adminToken,
      body: { reason: 'Live test' },
    });
    expect(suspended.status).to.equal(200);
    await owner.waitFor((message) => message.type === 'server_changed' && message.data === SERVER);

    // an announcement after all that reaches both: what the bystander got before it is all they get
    const posted = await api<{ id: string }>(product.url, 'POST', '/api/announcements', {
      token: adminToken,
      body: { title: 'After', content: 'the owner’s changes' },
    });
    await bystander.waitFor((message) => message.type === 'announcement' && message.data.id === posted.body.id);
    expect(bystander.messages.map((message) => message.type)).to.deep.equal(['ready', 'announcement']);
    owner.close();
    bystander.close();
  });

  it('tells the owner how far the server’s setup came, live on the first redemption only; visitors see none of it', async () => {
    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const ownerToken = await login(product.url, 'live-owner', 'live-owner-password');
    await api(product.url, 'POST', `/api/admin/servers/${SERVER}/lift-suspension`, { token: adminToken });
    const setupOf = async (token?: string) =>
      (await api(product.url, 'GET', `/api/server/${SERVER}`, { token })).body.setup;
    expect(await setupOf(ownerToken)).to.deep.equal({ vipRoleChosen: false, keyRedeemed: false });
    expect(await setupOf()).to.equal(undefined);
    expect(await setupOf(await login(product.url, 'live-bystander', 'live-bystander-password'))).to.equal(undefined);

    const owner = await LiveClient.connect(product.url, { type: 'auth', token: ownerToken });
    await owner.waitFor((message) => message.type === 'ready');
    const chosen = await api(product.url, 'POST', `/api/bot/guilds/${SERVER}/vip-role`, {
      token: BOT_TOKEN,
      body: { roleId: '960000000000000099', chosenBy: '960000000000000098' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).to.equal(200);
    await owner.waitFor((message) => message.type === 'server_changed');
    expect(await setupOf(ownerToken)).to.deep.equal({ vipRoleChosen: true, keyRedeemed: false });

    const redeemOne = async (member: string) => {
      const key = (await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId: SERVER } })).body.key;
      const redeemed = await api(product.url, 'POST', '/api/bot/keys/redeem', {
        token: BOT_TOKEN,
        body: { guildId: SERVER, discordUserId: member, key },
      });
      expect(redeemed.status, JSON.stringify(redeemed.body)).to.equal(200);
    };
    const pushesBefore = owner.messages.length;
    await redeemOne('970000000000000001');
    await owner.waitFor(
      (message) => message.type === 'server_changed' && owner.messages.indexOf(message) >= pushesBefore,
    );
    expect(await setupOf(ownerToken)).to.deep.equal({ vipRoleChosen: true, keyRedeemed: true });
    // a later redemption changes no step: nothing is pushed for it (an announcement marks the end)
    const pushesAfterFirst = owner.messages.length;
    await redeemOne('970000000000000002');
    const posted = await api<{ id: string }>(product.url, 'POST', '/api/announcements', {
      token: adminToken,
      body: { title: 'Marker', content: 'after the second redemption' },
    });
    await owner.waitFor((message) => message.type === 'announcement' && message.data.id === posted.body.id);
    expect(owner.messages.slice(pushesAfterFirst).map((message) => message.type)).to.deep.equal(['announcement']);
    owner.close();
  });
});
