import type { AdminStatsResponse, ServerInfoResponse } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { eventually, streamEvents } from '../support/seed.ts';

const GUILD = '200000000000000001';
const MEMBER = '330000000000000001';
const ROLE = '240000000000000001';
const failure = (failureId: string) => ({
  discordUserId: MEMBER,
  action: 'grant',
  problem: 'role-above-bot',
  roleId: ROLE,
  failureId,
});

/** Issue #21 item 4: the key bot records what Discord refused it; the owner's panel and the admin statistics show it. */
describe('VIP role problems: recorded by the key bot, shown until fixed', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  const bot = (path: string, body?: unknown, token: string | null = BOT_TOKEN) =>
    api(product.url, 'POST', `/api/bot/guilds/${GUILD}/vip-role/${path}`, { token: token ?? undefined, body });
  const serverAs = async (token?: string) =>
    (await api<ServerInfoResponse>(product.url, 'GET', `/api/server/${GUILD}`, { token })).body;

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const reported = await api(product.url, 'POST', `/api/bot/guilds/${GUILD}`, {
      token: BOT_TOKEN,
      body: { name: 'Fake Server', icon: null, memberCount: 5, channels: [], missingPermissions: [] },
    });
    expect(reported.status).to.equal(200);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('refuses callers without the bots’ token, and input that is not a failure', async () => {
    expect((await bot('failed', failure('00000000-0000-4000-8000-000000000001'), null)).status).to.equal(401);
    const bad = await bot('failed', { ...failure('not-a-uuid'), problem: 'bored' });
    expect(bad.status).to.equal(400);
    expect(JSON.stringify(bad.body)).to.match(/problem must be one of missing-permissions, role-above-bot/);
    expect(await streamEvents(product.dataDir, `vip-role-problems-${GUILD}`)).to.deep.equal([]);
  });

  it('records a refusal once per failure id; the owner’s and admins’ server info shows it until it is fixed', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    expect((await bot('failed', failure(id))).body).to.deep.equal({ success: true, changed: true });
    expect((await bot('failed', failure(id))).body, 'the same report again').to.deep.equal({
      success: true,
      changed: false,
    });
    expect(
      (await streamEvents(product.dataDir, `vip-role-problems-${GUILD}`)).map((event) => event.type),
    ).to.deep.equal(['VipRoleFailed']);

    await eventually(async () => (await serverAs(adminToken)).roleProblem !== undefined, 5_000, 'the problem shown');
    expect((await serverAs(adminToken)).roleProblem).to.deep.include({
      action: 'grant',
      problem: 'role-above-bot',
      roleId: ROLE,
    });
    expect((await serverAs()).roleProblem, 'not for visitors').to.equal(undefined);
    const stats = await api<AdminStatsResponse>(product.url, 'GET', '/api/admin/stats', { token: adminToken });
    expect(stats.body.vipRoles.grantsFailed).to.deep.equal({ today: 1, last30Days: 1 });

    expect((await bot('fixed')).body).to.deep.equal({ success: true, changed: true });
    expect((await bot('fixed')).body, 'nothing open any more').to.deep.equal({ success: true, changed: false });
    await eventually(async () => (await serverAs(adminToken)).roleProblem === undefined, 5_000, 'the problem gone');
  });
});
