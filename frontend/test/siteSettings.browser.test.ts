import type { AdminStatsResponse, SiteSettings } from '@vip/contracts';
import { expect } from 'chai';
import { runCli } from '../../test/support/cli.ts';
import { proveManagement } from '../../test/support/discord.ts';
import { useProductInBrowser } from './support/productInBrowser.ts';
import {
  api,
  createSubscriber,
  DEMO_SERVER_ID,
  eventually,
  reportServer,
  seedDemoServer,
  tokenOf,
} from './support/seed.ts';

const KEY_BOT = '123456789012345678';
const POSTER_BOT = '223456789012345678';
const SITE_SPONSOR = 'https://site-sponsor.example/offer';
const OWN_SPONSOR = 'https://alice-sponsor.example/deal';
const ALICES = '100000000000000301';
const PREMIUM = '100000000000000302';

/**
 * Site settings read at run time (decisions.md §12, issue #14 part 1) and the sponsor step
 * (decisions.md §3), in chromium against a product started with them: no rebuild.
 */
describe('frontend: run-time site settings and the sponsor step (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser({
    env: () => ({
      DISCORD_CLIENT_ID: KEY_BOT,
      POSTER_DISCORD_CLIENT_ID: POSTER_BOT,
      SUPPORT_URL: 'https://discord.gg/vip-support',
      SPONSOR_URL: SITE_SPONSOR,
      KEY_LIFETIME_HOURS: '12',
      VIP_ROLE_MINUTES: '45',
    }),
  });
  let settings: SiteSettings;

  before(async () => {
    const product = browser.product();
    await seedDemoServer(product);
    settings = (await api<SiteSettings>(product, '/api/site')).body;
    await reportServer(product, ALICES, "Alice's Server", 77);
    await reportServer(product, PREMIUM, 'Premium Server', 88);
    // alice: a user without a plan (free tier) with her own sponsor link; carol: a running Business plan (premium)
    const created = await runCli('src/cli/user.ts', ['create', 'alice', '--password', 'alice-password-1'], {
      DATA_DIR: product.dataDir,
    });
    expect(created.code, created.stderr).to.equal(0);
    await createSubscriber(product, 'carol', 'carol-password-1', { planName: 'Business', days: 30, maxSlots: 3 });
    for (const [name, guildId] of [
      ['alice', ALICES],
      ['carol', PREMIUM],
    ] as const) {
      const token = await eventually(
        () => tokenOf(product, { username: name, password: `${name}-password-1` }).catch(() => undefined),
        `login of ${name}`,
      );
      await proveManagement(product.url, token, [guildId]);
      const added = await api(product, '/api/user/add-server', { token, body: { guildId } });
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
    }
    const alice = await tokenOf(product, { username: 'alice', password: 'alice-password-1' });
    const set = await api(product, `/api/server/${ALICES}/sponsor`, {
      token: alice,
      body: { sponsorUrl: OWN_SPONSOR },
    });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
  });

  it('invites both bots with the client ids the product was started with, and links the support server', async () => {
    const page = await browser.openPage('/invite');
    const links = page.getByRole('link', { name: /^Add the .* to Discord$/ });
    await links.first().waitFor();
    expect(await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))).to.deep.equal([
      settings.keyBot!.inviteUrl,
      settings.posterBot!.inviteUrl,
    ]);
    const keyInvite = new URL(settings.keyBot!.inviteUrl);
    expect(keyInvite.searchParams.get('client_id')).to.equal(KEY_BOT);
    expect(keyInvite.searchParams.get('scope')).to.equal('bot applications.commands');
    expect(keyInvite.searchParams.get('permissions')).not.to.equal('8');
    expect(await page.getByRole('button', { name: 'Add to Discord' }).count()).to.equal(0);
    expect(await page.getByRole('link', { name: 'Join the support server' }).getAttribute('href')).to.equal(
      'https://discord.gg/vip-support',
    );

    // Bot not in server → Invite Bot: Discord's page for that server, with the key bot's permissions
    await page.goto(browser.url('/key/199999999999999999'));
    const invite = page.getByRole('link', { name: 'Invite Bot' });
    await invite.waitFor();
    expect(await invite.getAttribute('href')).to.equal(
      `${settings.keyBot!.inviteUrl}&guild_id=199999999999999999&disable_guild_select=true`,
    );
    // the 403 screen's Contact support is the support server
    await page.goto(browser.url('/403'));
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).to.equal(
      'https://discord.gg/vip-support',
    );
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('states the configured durations on the key page, its benefits, the landing and the terms', async () => {
    const page = await browser.openPage(`/key/${DEMO_SERVER_ID}`);
    await page.getByText('Keys expire after 12 hours').waitFor();
    await page.getByText('VIP for 45 minutes per key').waitFor();
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await page.getByText('This key expires in 12 hours').waitFor();
    await page.getByRole('tab', { name: 'VIP Benefits' }).click();
    await page.getByText('A VIP role with its own colour, for 45 minutes per key.').waitFor();
    expect(await page.getByText(/24 hours|60 minutes/).count()).to.equal(0);

    await page.goto(browser.url('/terms'));
    await page.getByText(/expires after 12 hours\./).waitFor();
    await page.getByText(/gives the VIP role for 45 minutes/).waitFor();
    await page.goto(browser.url('/features'));
    await page.getByText(/get a VIP role for 45 minutes/).waitFor();
    await page.getByText(/expires after 12 hours/).waitFor();
    expect(await page.locator('.price-card .price-amount').allTextContents()).to.deep.equal(['€7', '€15', '€10']);
  });

  it('shows the sponsor step only where one applies, saying where it leads', async () => {
    const sponsorStep = async (serverId: string) => {
      const page = await browser.openPage(`/key/${serverId}`);
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByTestId('generated-key').waitFor();
      const link = page.getByRole('link', { name: /^Continue via sponsor — opens / });
      if ((await link.count()) === 0) return null;
      return {
        name: await link.textContent(),
        href: await link.getAttribute('href'),
        target: await link.getAttribute('target'),
      };
    };
    // a server without a link of its own: the site's
    expect(await sponsorStep(DEMO_SERVER_ID)).to.deep.equal({
      name: 'Continue via sponsor — opens site-sponsor.example in a new tab',
      href: SITE_SPONSOR,
      target: '_blank',
    });
    // the owner's own link
    expect(await sponsorStep(ALICES)).to.deep.include({
      name: 'Continue via sponsor — opens alice-sponsor.example in a new tab',
      href: OWN_SPONSOR,
    });
    // a premium server's page: never
    expect(await sponsorStep(PREMIUM)).to.equal(null);
  });

  it('lets the owner see and change the sponsor link of their server in the panel', async () => {
    const page = await browser.openPage('/login');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    const card = page.locator(`[data-server-id="${ALICES}"]`);
    await card.getByText('Sponsor link', { exact: true }).click();
    await card.getByText(/opens alice-sponsor\.example in a new tab/).waitFor();
    await card.getByLabel("This server's own sponsor link").fill('javascript:alert(1)');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sponsor link must be a full http:// or https:// address').first().waitFor();
    const field = card.getByLabel("This server's own sponsor link");
    expect(await field.getAttribute('aria-invalid')).to.equal('true');
    await card.getByLabel("This server's own sponsor link").fill('https://new-sponsor.example/x');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText(/opens new-sponsor\.example in a new tab/).waitFor();
    expect((await api<{ sponsorUrl: string }>(browser.product(), `/api/server/${ALICES}`)).body.sponsorUrl).to.equal(
      'https://new-sponsor.example/x',
    );
  });

  it("says a premium owner's sponsor link is kept for when the plan ends, and saves it as such", async () => {
    const page = await browser.openPage('/login');
    await page.getByLabel('Username').fill('carol');
    await page.getByLabel('Password').fill('carol-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    const card = page.locator(`[data-server-id="${PREMIUM}"]`);
    await card.getByText('Sponsor link', { exact: true }).click();
    const status = card.locator('.sponsor-setting [role="status"]');
    expect(await status.textContent()).to.equal(
      'Your plan keeps the key page free of any sponsor step. A link saved here is kept and shown only if your plan ends.',
    );
    await card.getByLabel("This server's own sponsor link, for when the plan ends").fill('https://later.example/x');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sponsor link saved: shown only if your plan ends').waitFor();
    await status.filter({ hasText: 'The link below is kept and shown only if your plan ends.' }).waitFor();
    // and the key page still shows no sponsor step
    const key = await browser.openPage(`/key/${PREMIUM}`);
    await key.getByRole('button', { name: 'Generate Key' }).waitFor();
    expect(await key.getByText(/Continue via sponsor/).count()).to.equal(0);
  });

  it('counts one key page load as one visit', async () => {
    const product = browser.product();
    const token = await tokenOf(product);
    const visitsToday = async () =>
      (await api<AdminStatsResponse>(product, '/api/admin/stats', { token })).body.visitors.visitsToday;
    const before = await visitsToday();
    const page = await browser.openPage(`/key/${DEMO_SERVER_ID}`);
    await page.getByRole('button', { name: 'Generate Key' }).waitFor();
    await page.waitForLoadState('networkidle');
    await eventually(async () => (await visitsToday()) === before + 1, 'one more visit');
    await page.waitForTimeout(500);
    expect(await visitsToday()).to.equal(before + 1);
  });

  it('asks GET /api/site when the page does not carry the settings (a frontend served on its own)', async () => {
    const page = await browser.openPage('/login', async (context) => {
      await context.route('**/invite', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<script type="application\/json" id="site-settings">.*?<\/script>/,
          '',
        );
        await route.fulfill({ response, body: html });
      });
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/site');
    await page.goto(browser.url('/invite'));
    await asked;
    expect(await page.getByRole('link', { name: 'Add the VIP Access bot to Discord' }).getAttribute('href')).to.equal(
      settings.keyBot!.inviteUrl,
    );
  });
});
