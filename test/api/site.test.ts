import { type AdminStatsResponse, configDefaults, SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '@vip/contracts';
import { loadConfig } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { allEvents, eventually, seedGuild } from '../support/seed.ts';

const KEY_BOT = '123456789012345678';
const POSTER_BOT = '223456789012345678';
const SECRETS = {
  JWT_SECRET: 'site-test-jwt-secret-that-must-never-show',
  BOT_API_TOKEN: BOT_TOKEN,
  DISCORD_TOKEN_SECRET_LOOKALIKE: 'never-in-settings',
};

/** The settings block of the page the all-in-one serves (decisions.md §12: no extra round trip). */
async function settingsInPage(url: string, path: string): Promise<SiteSettings | undefined> {
  const html = await (await fetch(`${url}${path}`)).text();
  const match = new RegExp(`<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  return match ? (JSON.parse(match[1]) as SiteSettings) : undefined;
}

describe('site settings: GET /api/site, read at run time (decisions.md §12)', function () {
  this.timeout(60_000);

  describe('a product started with bot ids, support address and durations', () => {
    let product: SpawnedProduct;
    before(async () => {
      product = await startAllInOne({
        env: {
          ...SECRETS,
          DISCORD_CLIENT_ID: KEY_BOT,
          POSTER_DISCORD_CLIENT_ID: POSTER_BOT,
          SUPPORT_URL: 'https://discord.gg/vip-support',
          KEY_LIFETIME_HOURS: '12',
          VIP_ROLE_MINUTES: '45',
          DEFAULT_SERVER_SLOTS: '4',
          VISITOR_RETENTION_DAYS: '14',
        },
      });
    });
    after(async () => {
      await product.stop();
      removeDataDir(product.dataDir);
    });

    it('answers both bots with working invite links, the support address, durations, limits and plans', async () => {
      const response = await api<SiteSettings>(product.url, 'GET', '/api/site');
      expect(response.status).to.equal(200);
      const settings = response.body;
      expect(settings.keyBot).to.deep.equal({
        clientId: KEY_BOT,
        // View Channels, Send Messages, Embed Links, Mention Everyone, Manage Roles: not Administrator (8)
        permissions: '268585984',
        inviteUrl: `https://discord.com/oauth2/authorize?client_id=${KEY_BOT}&permissions=268585984&scope=bot%20applications.commands`,
      });
      expect(settings.posterBot).to.deep.equal({
        clientId: POSTER_BOT,
        permissions: '19456',
        inviteUrl: `https://discord.com/oauth2/authorize?client_id=${POSTER_BOT}&permissions=19456&scope=bot%20applications.commands`,
      });
      for (const bot of [settings.keyBot!, settings.posterBot!]) {
        const url = new URL(bot.inviteUrl);
        expect(url.searchParams.get('scope')).to.equal('bot applications.commands');
        expect(BigInt(url.searchParams.get('permissions')!) & 8n, 'Administrator').to.equal(0n);
      }
      expect(settings).to.deep.include({
        supportUrl: 'https://discord.gg/vip-support',
        keyLifetimeHours: 12,
        vipRoleMinutes: 45,
        accessHashLifetimeMinutes: configDefaults.accessHashLifetimeMinutes,
        defaultServerSlots: 4,
        // the privacy page states it
        visitorRetentionDays: 14,
      });
      expect(settings.plans.map((plan) => [plan.name, plan.priceEuros, plan.serverSlots])).to.deep.equal([
        ['Basic', 7, 1],
        ['Business', 15, 3],
        ['Premium', 10, 2],
      ]);
      expect(settings.posterPlan).to.deep.equal({ name: 'Business', priceEuros: 15, serverSlots: 3 });
    });

    it('holds no secret, and may be cached', async () => {
      const response = await api(product.url, 'GET', '/api/site');
      const text = JSON.stringify(response.body);
      for (const secret of [...Object.values(SECRETS), ADMIN.password]) expect(text).not.to.include(secret);
      expect(response.headers.get('cache-control')).to.equal('public, max-age=60');
      // other API answers stay uncached
      expect((await api(product.url, 'GET', '/api/health')).headers.get('cache-control')).to.equal('no-store');
    });

    it('is in every page the product serves, before any script runs', async () => {
      const answer = (await api<SiteSettings>(product.url, 'GET', '/api/site')).body;
      for (const path of ['/', '/invite', '/features', '/gen?serverhash=X', '/terms']) {
        const inPage = await settingsInPage(product.url, path);
        if (inPage === undefined && !(await (await fetch(`${product.url}${path}`)).text()).includes('<html')) {
          console.log('      (frontend/dist is not built: the page check is skipped)');
          return;
        }
        expect(inPage, path).to.deep.equal(answer);
      }
    });

    it('answers the key bot invite, with the server preselected, when the bot is not in a server', async () => {
      const response = await api(product.url, 'GET', '/api/server/499999999999999999');
      expect(response.status).to.equal(404);
      expect(response.body.inviteUrl).to.equal(
        `https://discord.com/oauth2/authorize?client_id=${KEY_BOT}&permissions=268585984&scope=bot%20applications.commands&guild_id=499999999999999999&disable_guild_select=true`,
      );
    });
  });

  describe('a product started without them', () => {
    let product: SpawnedProduct;
    before(async () => {
      product = await startAllInOne({ env: { DISCORD_CLIENT_ID: 'not-a-snowflake' } });
    });
    after(async () => {
      await product.stop();
      removeDataDir(product.dataDir);
    });

    it('says no bot and no support address are configured, and the spec defaults', async () => {
      const { body } = await api<SiteSettings>(product.url, 'GET', '/api/site');
      expect(body).to.deep.include({
        keyBot: null,
        posterBot: null,
        supportUrl: null,
        keyLifetimeHours: configDefaults.keyLifetimeHours,
        vipRoleMinutes: configDefaults.vipRoleMinutes,
      });
      // Bot not in server → Invite Bot leads to the invite page, which says what is missing
      expect((await api(product.url, 'GET', '/api/server/499999999999999999')).body.inviteUrl).to.equal('/invite');
    });

    it('visits: one key page load is one visit, whichever of its two calls arrives first', async () => {
      // a key page of a server the bot is in (a visit to any other records nothing: test/api/no-history.test.ts)
      await seedGuild(product.dataDir, '100000000000000001');
      const load = (pageLoadId: string) => {
        const body = { serverId: '100000000000000001', pageLoadId };
        return Promise.all([
          api(product.url, 'POST', '/api/trackIpVisit', { body }),
          api(product.url, 'POST', '/api/keys/trackVisitor', { body }),
        ]);
      };
      const [first] = await load('page-load-0001');
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ visitCount: 1 });
      const [, second] = await load('page-load-0002');
      expect(second.body).to.deep.equal({ success: true });
      // trackVisitor first, then the same load's trackIpVisit: still the second load
      await api(product.url, 'POST', '/api/keys/trackVisitor', {
        body: { serverId: '100000000000000001', pageLoadId: 'page-load-0003' },
      });
      const third = await api(product.url, 'POST', '/api/trackIpVisit', {
        body: { serverId: '100000000000000001', pageLoadId: 'page-load-0003' },
      });
      expect(third.body).to.deep.equal({ visitCount: 3 });

      const visits = (await allEvents(product.dataDir)).filter((event) => event.type === 'VisitRecorded');
      expect(visits).to.have.length(3);
      expect(visits.map((event) => (event.data as { guildId: string }).guildId)).to.deep.equal([
        '100000000000000001',
        '100000000000000001',
        '100000000000000001',
      ]);

      const token = await login(product.url, ADMIN.username, ADMIN.password);
      await eventually(
        async () => {
          const stats = (await api<AdminStatsResponse>(product.url, 'GET', '/api/admin/stats', { token })).body;
          return stats.visitors.visitsToday === 3 && stats.visitors.distinct === 1;
        },
        5000,
        'visits today to be 3, from one visitor',
      );
    });

    it('refuses a page-load id that cannot be one', async () => {
      for (const pageLoadId of ['short', 'x'.repeat(65), 'has spaces in it', 42]) {
        const response = await api(product.url, 'POST', '/api/trackIpVisit', { body: { pageLoadId } });
        expect(response.status, String(pageLoadId)).to.equal(400);
        expect(response.body.code).to.equal('validation');
      }
    });
  });

  it('refuses a sponsor or support address that is not a plain http(s) address at start', () => {
    for (const [name, value] of [
      ['SPONSOR_URL', 'javascript:alert(1)'],
      ['SPONSOR_URL', 'https://user:pass@sponsor.example'],
      ['SUPPORT_URL', 'ftp://files.example'],
      ['SPONSOR_URL', `https://sponsor.example/${'x'.repeat(300)}`],
    ])
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).to.throw(name);
    expect(loadConfig({ SPONSOR_URL: ' https://sponsor.example/a ' }).sponsorUrl).to.equal('https://sponsor.example/a');
  });
});
