import { apiCatalogue, type RouteAuth, type RouteSpec } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { proveManagement } from './support/discord.ts';
import { api, login } from './support/http.ts';

type Caller = 'anonymous' | 'subscriber' | 'otherSubscriber' | 'admin' | 'bot';
const callers: Caller[] = ['anonymous', 'subscriber', 'otherSubscriber', 'admin', 'bot'];
const SERVER = '100000000000000077';

/**
 * Which callers a route must refuse, and with what: the whole access policy in one table.
 * Some anonymous routes answer less to some callers instead of refusing them (the server
 * list: the landing page's five for everyone, every server for admins; see
 * server-listing.test.ts); channels are an owner route (the verified owner and admins).
 */
const refusals: Record<RouteAuth, Partial<Record<Caller, 401 | 403>>> = {
  anonymous: {},
  signedIn: { anonymous: 401, bot: 401 },
  owner: { anonymous: 401, bot: 401, otherSubscriber: 403 },
  admin: { anonymous: 401, bot: 401, subscriber: 403, otherSubscriber: 403 },
  bot: { anonymous: 401, subscriber: 401, otherSubscriber: 401, admin: 401 },
};

describe('authorization matrix: every route × every kind of caller', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  const tokens: Partial<Record<Caller, string>> = {};
  const userIds: Partial<Record<Caller | 'resetTarget', string>> = {};
  const passwords = { subscriber: 'subscriber-pass-1', otherSubscriber: 'other-subscriber-1' };

  const tokenOf = async (caller: Caller, fresh: boolean): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    if (caller === 'bot') return BOT_TOKEN;
    if (!fresh) return tokens[caller];
    // logout ends the session it is called with: give it a session of its own
    const username = caller === 'admin' ? ADMIN.username : caller;
    const password = caller === 'admin' ? ADMIN.password : passwords[caller as keyof typeof passwords];
    return login(product.url, username, password);
  };

  const pathFor = (route: RouteSpec, caller: Caller): string =>
    route.path.replace(/:(\w+)/g, (_match, name: string) => {
      if (name === 'serverId') return SERVER;
      if (name === 'hash') return 'UNKNOWN-HASH';
      if (route.path.startsWith('/api/server/') || route.path.startsWith('/api/bot/guilds')) return SERVER;
      // a password reset ends every session of its account: an account of its own, not a caller's
      if (route.path.endsWith('/reset-password')) return userIds.resetTarget!;
      if (route.path.startsWith('/api/user/') || route.path.startsWith('/api/admin/subscribers'))
        return userIds[caller === 'otherSubscriber' ? 'otherSubscriber' : 'subscriber']!;
      return '00000000-0000-4000-8000-000000000000';
    });

  before(async () => {
    product = await startAllInOne();
    tokens.admin = await login(product.url, ADMIN.username, ADMIN.password);
    for (const caller of ['subscriber', 'otherSubscriber'] as const) {
      const created = await runCli('src/cli/user.ts', ['create', caller, '--password', passwords[caller]], {
        DATA_DIR: product.dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      userIds[caller] = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
      tokens[caller] = await login(product.url, caller, passwords[caller]);
    }
    const target = await runCli('src/cli/user.ts', ['create', 'reset-target', '--password', 'reset-target-1'], {
      DATA_DIR: product.dataDir,
    });
    expect(target.code, target.stderr).to.equal(0);
    userIds.resetTarget = /\(([0-9a-f-]{36})\)/.exec(target.stdout)![1];
    const reported = await api(product.url, 'POST', `/api/bot/guilds/${SERVER}`, {
      token: BOT_TOKEN,
      body: {
        name: 'Matrix',
        icon: null,
        memberCount: 5,
        channels: [{ id: '100000000000000078', name: 'general' }],
        missingPermissions: [],
      },
    });
    expect(reported.status).to.equal(200);
    await proveManagement(product.url, tokens.subscriber!, [SERVER]);
    const added = await api(product.url, 'POST', '/api/user/add-server', {
      token: tokens.subscriber,
      body: { guildId: SERVER },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('has a policy for every route in the catalogue', () => {
    for (const route of apiCatalogue)
      expect(refusals[route.auth], `${route.method} ${route.path}`).to.not.equal(undefined);
  });

  for (const route of apiCatalogue) {
    it(`${route.method} ${route.path} (${route.auth})`, async () => {
      for (const caller of callers) {
        const token = await tokenOf(caller, route.path === '/api/auth/logout');
        const response = await api(product.url, route.method, pathFor(route, caller), {
          token,
          body: route.method === 'GET' ? undefined : {},
        });
        const label = `${caller} → ${route.method} ${route.path}: ${response.status} ${JSON.stringify(response.body)}`;
        expect(response.status, label).to.be.below(500);
        const refusal = refusals[route.auth][caller];
        if (refusal) expect(response.status, label).to.equal(refusal);
        else expect(response.status, label).to.not.be.oneOf([401, 403]);
      }
    });
  }
});
