import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { kb, scriptsLoadedBy } from './support/bundleWeight.ts';
import { pathOf, useProductInBrowser } from './support/productInBrowser.ts';
import { api, DEMO_SERVER_ID, reportServer, seedDemoServer } from './support/seed.ts';

/**
 * The visitor's journeys (spec §2 key page and hash gate, decisions.md §3), the public pages,
 * and the key page's 100 KB budget, in Debian's chromium against the real product.
 */
describe('frontend: visitors (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  before(async function () {
    const how = await seedDemoServer(browser.product());
    console.log(`      (demo server seeded through ${how})`);
    await reportServer(browser.product(), '100000000000000201', 'Pixel Art Guild', 5321);
  });

  const withClipboard = (page: string) =>
    browser.openPage(page, (context) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.url('') }),
    );

  async function keyPageLoaded(page: Page) {
    await page.getByRole('heading', { name: 'Demo Server', level: 1 }).waitFor();
  }

  it('makes a one-time link, generates and copies a key, and offers a fresh link once it is used', async () => {
    const page = await withClipboard(`/gen?serverid=${DEMO_SERVER_ID}`);
    await page.waitForURL(/\/gen\?serverhash=/);
    const hashUrl = page.url();
    await keyPageLoaded(page);
    expect(await page.getByText('VIP Access', { exact: true }).first().isVisible()).to.equal(true);
    // the server preview card: icon, name, id
    await page.getByText(`ID: ${DEMO_SERVER_ID}`).waitFor();

    await page.getByRole('button', { name: 'Generate Key' }).click();
    const key = (await page.getByTestId('generated-key').textContent())?.trim() ?? '';
    expect(key).to.match(/^[0-9A-Z-]{20,}$/);
    await page.getByText('This key expires in 24 hours').waitFor();
    expect(await page.getByRole('button', { name: 'Generate Key', exact: true }).count()).to.equal(0); // the key replaced it

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Sweet! Key copied successfully').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(key);

    // The link was spent by that key: opening it in another browser says so, and offers a fresh one
    // (this browser shows its key again: member-key.browser.test.ts).
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(hashUrl);
    await page.getByRole('heading', { name: 'This link has already been used' }).waitFor();
    await page.getByRole('button', { name: 'Get a fresh link' }).click();
    await page.waitForURL((url) => url.searchParams.has('serverhash') && url.toString() !== hashUrl);
    await keyPageLoaded(page);
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await page.getByTestId('generated-key').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('shows "Generating Secure Link..." and "Validating Access..." on the way', async () => {
    const page = await browser.openPage('/login', async (context) => {
      // slow the two calls down, so that the in-between screens can be seen
      await context.route('**/api/hash/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
    });
    await page.goto(browser.url(`/gen?serverid=${DEMO_SERVER_ID}`));
    await page.getByText('Generating Secure Link...').waitFor();
    await page.getByText('Creating your one-time access link').waitFor();
    await page.getByText('Validating Access...').waitFor();
    await keyPageLoaded(page);
  });

  it('refuses /gen without a parameter, an unknown link and an unknown server', async () => {
    const page = await browser.openPage('/gen');
    await page.getByText('Missing server ID or hash parameter').waitFor();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await page.goto(browser.url('/gen?serverhash=NOT-A-REAL-HASH'));
    await page.getByRole('heading', { name: 'Access Error' }).waitFor();
    await page.getByText('Invalid or expired hash').waitFor();

    await page.goto(browser.url('/gen?serverid=199999999999999999'));
    await page.getByRole('heading', { name: 'Access Error' }).waitFor();
    await page.getByText('Bot not in server').waitFor();

    await page.goto(browser.url('/key/199999999999999999'));
    await page.getByRole('heading', { name: 'Bot not in server' }).waitFor();
    expect(await page.getByRole('link', { name: 'Invite Bot' }).getAttribute('href')).to.be.a('string');
  });

  it('has a key page by server id with its loading state and two keyboard-operable tabs', async () => {
    const page = await browser.openPage('/login', async (context) => {
      await context.route(`**/api/server/${DEMO_SERVER_ID}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
    });
    await page.goto(browser.url(`/key/${DEMO_SERVER_ID}`));
    await page.getByText('Loading server information...').waitFor();
    await keyPageLoaded(page);
    const generatorTab = page.getByRole('tab', { name: 'Key Generator' });
    expect(await generatorTab.getAttribute('aria-selected')).to.equal('true');
    await generatorTab.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'VIP Benefits' }).getAttribute('aria-selected')).to.equal('true');
    for (const benefit of [
      'Premium content',
      'Special role',
      'Priority support',
      'Exclusive channels',
      'Early access',
      'Community recognition',
    ]) {
      await page.getByRole('heading', { name: benefit }).waitFor();
    }
    // the generator keeps its key across a look at the benefits
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const key = await page.getByTestId('generated-key').textContent();
    await page.getByRole('tab', { name: 'VIP Benefits' }).click();
    await page.getByRole('tab', { name: 'Key Generator' }).click();
    expect(await page.getByTestId('generated-key').textContent()).to.equal(key);
    // no sponsor step unless one is configured (decisions.md §3)
    expect(await page.getByText('Continue via sponsor').count()).to.equal(0);
  });

  it('keeps the key page under 100 KB of gzipped JavaScript, without Redux or panel code', async () => {
    const hash = (
      await api<{ hash: string }>(browser.product(), '/api/hash/generate', { body: { serverId: DEMO_SERVER_ID } })
    ).body.hash;
    const weights: Record<string, { files: string[]; gzipBytes: number }> = {};
    for (const path of [
      `/gen?serverhash=${encodeURIComponent(hash)}`,
      `/key/${DEMO_SERVER_ID}`,
      '/features',
      '/invite',
      '/privacy',
      '/terms',
      '/login',
    ]) {
      const page = await browser.openPage('/no-such-page-yet');
      weights[path] = await scriptsLoadedBy(page, async () => {
        await page.goto(browser.url(path));
      });
    }
    for (const [path, { files, gzipBytes }] of Object.entries(weights)) {
      console.log(`      ${path.padEnd(60)} ${kb(gzipBytes).padStart(9)}  (${files.length} files)`);
      if (process.env.BUNDLE_FILES) console.log(`        ${files.join(' ')}`);
    }
    const keyPage = weights[`/gen?serverhash=${encodeURIComponent(hash)}`];
    expect(keyPage.gzipBytes).to.be.at.most(100 * 1024);
    for (const path of [
      `/gen?serverhash=${encodeURIComponent(hash)}`,
      `/key/${DEMO_SERVER_ID}`,
      '/invite',
      '/privacy',
      '/terms',
    ]) {
      const loaded = weights[path].files.join(' ');
      expect(loaded, path).not.to.match(/redux-|store-|PanelPage-|AdminPage-|FeaturesPage-/);
    }
    // the landing page reads its figures without Redux (issue #14 part 8: at most 120 KB)
    expect(weights['/features'].files.join(' ')).not.to.match(/PanelPage-|AdminPage-|KeyPage-|redux-|store-/);
    expect(weights['/features'].gzipBytes).to.be.at.most(120 * 1024);
  });

  it('shows the landing page with the largest servers, real figures and the three plans', async () => {
    const stats = (
      await api<{ activeUsers: number; keysGenerated: number; serversProtected: number }>(
        browser.product(),
        '/api/stats/public',
      )
    ).body;
    const page = await browser.openPage('/features');
    await page.getByRole('heading', { name: /Reward your members/ }).waitFor();
    await page.locator('.strip-item', { hasText: 'Pixel Art Guild' }).first().waitFor();
    // the figures arrive by a request of their own, after the strip: wait for them, then compare
    const figure = (name: string) => page.locator(`[data-figure="${name}"]`);
    await page.waitForFunction(
      (expected) => document.querySelector('[data-figure="Keys generated"]')?.textContent === expected,
      stats.keysGenerated.toLocaleString('en-US'),
      { timeout: 10_000 },
    );
    expect(await figure('Keys generated').textContent()).to.equal(stats.keysGenerated.toLocaleString('en-US'));
    expect(await figure('Servers protected').textContent()).to.equal(stats.serversProtected.toLocaleString('en-US'));
    for (const command of [
      '/auto ping',
      '/auto stop',
      '/send',
      '/setlog',
      '/stats',
      '/help',
      '/postvideo',
      '/videos',
    ]) {
      await page.locator('.command code', { hasText: command }).first().waitFor();
    }
    await page.getByRole('button', { name: 'See pricing' }).click();
    await page.waitForFunction(() => document.querySelector('#pricing')?.classList.contains('is-revealed'));
    const tiers = await page.locator('.price-card').evaluateAll((cards) => cards.map((card) => card.textContent));
    expect(tiers).to.have.length(3);
    expect(tiers[0]).to.include('Basic').and.include('€7').and.include('1 server').and.include('No custom messages');
    expect(tiers[1])
      .to.include('Most popular')
      .and.include('€15')
      .and.include('Up to 3 servers')
      .and.include('Analytics');
    expect(tiers[2]).to.include('Premium').and.include('€10').and.include('2 servers').and.include('Lifetime updates');
  });

  it('has the invite, poster, legal, status and 403 pages, and the host special cases', async () => {
    const page = await browser.openPage('/invite');
    await page.getByRole('heading', { name: 'VIP Access bot' }).waitFor();
    await page.getByRole('heading', { name: 'Poster bot' }).waitFor();
    // no client ids at run time: the buttons say the bot cannot be added yet, never a setting's name
    expect(await page.getByRole('button', { name: 'Add to Discord' }).first().isDisabled()).to.equal(true);
    await page.getByText('The VIP Access bot cannot be added from this site yet.').waitFor();
    expect(await page.locator('main').textContent()).to.not.match(/[A-Z]+_[A-Z_]+/);
    expect(await page.getByRole('link', { name: 'Premium features' }).first().getAttribute('href')).to.equal(
      '/features#pricing',
    );

    await page.goto(browser.url('/privacy'));
    await page.getByText('Last updated November 28, 2026').waitFor();
    await page.getByText(/not intended for anyone under the age of 13/).waitFor();
    // what is kept, for how long (the running product's VISITOR_RETENTION_DAYS), and how to ask for it
    await page.getByText(/Each day's key is destroyed after 30 days/).waitFor();
    await page.getByRole('heading', { name: 'A copy of your data, or its erasure' }).waitFor();
    expect(await page.locator('main').textContent()).to.not.match(/[A-Z]+_[A-Z_]+/);
    await page.getByRole('link', { name: /Back to invite page/ }).click();
    await page.waitForURL('**/invite');
    await page.goto(browser.url('/terms'));
    await page.getByText('Last updated March 28, 2025').waitFor();

    await page.goto(browser.url('/poster'));
    await page.getByRole('heading', { name: /Post videos to Discord/ }).waitFor();
    await page.getByRole('heading', { name: 'Business Plan' }).waitFor();
    await page.locator('.price-amount', { hasText: '€15' }).waitFor();

    await page.goto(browser.url('/status'));
    // no bot runs in this test: the page says so rather than "All systems operational"
    await page.getByRole('heading', { name: 'The site is up; the key bot is not running' }).waitFor();
    expect(await page.locator('[data-bot="key"] .service-state').textContent()).to.equal('Not running');
    expect(await page.getByRole('heading', { name: 'All systems operational' }).count()).to.equal(0);
    // the details (adapters, the log's head, each read model's lag) are the admins'
    expect(await page.locator('.data-table tbody tr').count()).to.equal(0);

    await page.goto(browser.url('/403'));
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
    // home is the public site ("/" is the sign-in screen); no support address set: no Contact support
    expect(await page.getByRole('link', { name: 'Go back home' }).getAttribute('href')).to.equal('/features');
    expect(await page.getByRole('link', { name: 'Contact support' }).count()).to.equal(0);

    const port = new URL(browser.url('/')).port;
    await page.goto(`http://invite.localhost:${port}/`);
    await page.getByRole('heading', { name: 'Invite our bots' }).waitFor();
    expect(pathOf(page)).to.equal('/');
    await page.goto(`http://poster.localhost:${port}/`);
    await page.getByRole('heading', { name: /Post videos to Discord/ }).waitFor();
    await page.goto(`http://status.localhost:${port}/`);
    await page.waitForURL('**/status');
    await page.goto(browser.url('/'));
    await page.waitForURL('**/login');
    expect(browser.pageErrors).to.deep.equal([]);
  });
});
