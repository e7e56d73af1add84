import { SNOWFLAKE } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api, healthDetails, login } from './support/http.ts';

const DEMO = '100000000000000001';

describe('npm run demo seeds a demo server while the product runs', function () {
  let product: SpawnedProduct;

  before(async () => {
    product = await startAllInOne();
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  /** The CLI appends from another process: the server notices within a second. */
  async function serverInfo(): Promise<{ status: number; body: any }> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const response = await api(product.url, 'GET', `/api/server/${DEMO}`);
      if (response.status === 200 || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('before the demo, the key page says the bot is not in the server', async () => {
    const response = await api(product.url, 'GET', `/api/server/${DEMO}`);
    expect(response.status).to.equal(404);
    // no DISCORD_CLIENT_ID configured: the invite page instead of a Discord link
    expect(response.body).to.deep.equal({
      inviteUrl: '/invite',
      message: 'Bot not in server',
      error: 'Bot not in server',
    });
  });

  it('seeds it through the bot report, and prints how to open its key page', async () => {
    const run = await runCli('src/cli/demo.ts', [], { DATA_DIR: product.dataDir, PORT: '4321' });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('Seeded the demo server');
    expect(run.stdout).to.contain(`http://localhost:4321/gen?serverid=${DEMO}`);
    const info = await serverInfo();
    expect(info.status).to.equal(200);
    expect(info.body).to.deep.equal({
      id: DEMO,
      name: 'Demo Server',
      icon: null,
      memberCount: 1234,
      noAds: false,
      sponsorUrl: null,
    });
    // channels are for the server's verified owner and admins
    const channels = await api(product.url, 'GET', `/api/server/${DEMO}/channels`, {
      token: await login(product.url, ADMIN.username, ADMIN.password),
    });
    expect(channels.body.map((channel: { name: string }) => channel.name)).to.deep.equal([
      'general',
      'welcome',
      'vip-lounge',
      'announcements',
    ]);
    for (const channel of channels.body) expect(channel.id).to.match(SNOWFLAKE);
    expect((await api(product.url, 'GET', '/api/server/debug/guilds')).body.guilds).to.deep.include({
      id: DEMO,
      name: 'Demo Server',
      memberCount: 1234,
    });
  });

  it('a second run appends nothing and says the server is already there', async () => {
    const before = await head();
    const run = await runCli('src/cli/demo.ts', [], { DATA_DIR: product.dataDir, PORT: '' });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('already there');
    expect(run.stdout).to.contain(`http://localhost:3000/gen?serverid=${DEMO}`);
    expect(await head()).to.equal(before);
    expect((await serverInfo()).status).to.equal(200);
  });
});
