import { discordTexts, errorCodes, errorTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { proveManagement } from './support/discord.ts';
import { api, login } from './support/http.ts';

/** Seven servers the bot is in, largest first; the largest is suspended. */
const SERVERS = Array.from({ length: 7 }, (_, i) => ({
  id: `30000000000000000${i + 1}`,
  name: `Server ${i + 1}`,
  memberCount: 700 - i * 100,
}));
const [SUSPENDED, VERIFIED, UNVERIFIED] = SERVERS.map((server) => server.id);
const NEVER = '300000000000000099';
const channelsOf = (id: string) => [{ id: `31${id.slice(2)}`, name: `general-${id.slice(-1)}` }];

/**
 * Issue #19 item 4: anyone could list every server the bot is in, suspended ones too, and
 * read any server's channels. The list shows anonymous callers what the landing page shows
 * (the five largest, none suspended) and admins everything; channels are for the server's
 * verified owner and admins.
 */
describe('who may list servers and read their channels (issue #19 item 4)', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  const tokens: Record<'admin' | 'owner' | 'stranger', string> = { admin: '', owner: '', stranger: '' };
  const list = (token?: string) => api(product.url, 'GET', '/api/server/debug/guilds', { token });
  const channels = (id: string, token?: string) => api(product.url, 'GET', `/api/server/${id}/channels`, { token });

  before(async () => {
    product = await startAllInOne();
    tokens.admin = await login(product.url, ADMIN.username, ADMIN.password);
    for (const server of SERVERS) {
      const reported = await api(product.url, 'POST', `/api/bot/guilds/${server.id}`, {
        token: BOT_TOKEN,
        body: { name: server.name, icon: null, memberCount: server.memberCount, channels: channelsOf(server.id) },
      });
      expect(reported.status, JSON.stringify(reported.body)).to.equal(200);
    }
    const suspended = await api(product.url, 'POST', `/api/admin/servers/${SUSPENDED}/suspend`, {
      token: tokens.admin,
      body: { reason: 'Spam' },
    });
    expect(suspended.status, JSON.stringify(suspended.body)).to.equal(200);
    for (const name of ['owner', 'stranger'] as const) {
      const created = await runCli('src/cli/user.ts', ['create', name, '--password', `${name}-password-1`], {
        DATA_DIR: product.dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      tokens[name] = await login(product.url, name, `${name}-password-1`);
    }
    // the owner claims two servers; after an admin unlinks their Discord account, they prove one again
    await proveManagement(product.url, tokens.owner, [VERIFIED, UNVERIFIED]);
    for (const guildId of [VERIFIED, UNVERIFIED]) {
      const added = await api(product.url, 'POST', '/api/user/add-server', { token: tokens.owner, body: { guildId } });
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
    }
    const me = await api(product.url, 'GET', '/api/user/info', { token: tokens.owner });
    const unlinked = await api(product.url, 'POST', `/api/admin/subscribers/${me.body.id}/discord/unlink`, {
      token: tokens.admin,
      body: { reason: 'Test' },
    });
    expect(unlinked.status, JSON.stringify(unlinked.body)).to.equal(200);
    await proveManagement(product.url, tokens.owner, [VERIFIED]);
    const slots = await api(product.url, 'GET', '/api/user/servers', { token: tokens.owner });
    expect(slots.body.unverified).to.deep.equal([UNVERIFIED]);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('shows anonymous callers and subscribers the landing page’s five largest servers, none suspended', async () => {
    const shown = SERVERS.slice(1, 6).map(({ id, name, memberCount }) => ({ id, name, memberCount }));
    for (const token of [undefined, tokens.owner, tokens.stranger]) {
      const answer = await list(token);
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ guilds: shown });
    }
  });

  it('shows admins every server the bot is in, suspended ones too, largest first', async () => {
    const answer = await list(tokens.admin);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({
      guilds: SERVERS.map(({ id, name, memberCount }) => ({ id, name, memberCount })),
    });
  });

  it('answers a server’s channels to its verified owner and to admins only', async () => {
    for (const id of [VERIFIED, SUSPENDED]) {
      const anonymous = await channels(id);
      expect(anonymous.status, id).to.equal(401);
      expect(anonymous.body).to.not.have.property('length');
    }
    const stranger = await channels(VERIFIED, tokens.stranger);
    expect(stranger.status).to.equal(403);
    expect(stranger.body).to.deep.equal({ error: errorTexts.notYourServer, code: errorCodes.notYourServer });
    const unverified = await channels(UNVERIFIED, tokens.owner);
    expect(unverified.status).to.equal(403);
    expect(unverified.body).to.deep.equal({
      error: discordTexts.unverifiedClaim,
      code: errorCodes.managementUnproven,
    });

    const owner = await channels(VERIFIED, tokens.owner);
    expect(owner.status).to.equal(200);
    expect(owner.body).to.deep.equal(channelsOf(VERIFIED));
    for (const id of [VERIFIED, UNVERIFIED, SUSPENDED]) {
      const admin = await channels(id, tokens.admin);
      expect(admin.status, id).to.equal(200);
      expect(admin.body).to.deep.equal(channelsOf(id));
    }
    const absent = await channels(NEVER, tokens.admin);
    expect(absent.status).to.equal(404);
    expect(absent.body).to.have.property('inviteUrl');
  });
});
