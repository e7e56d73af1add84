import type { AdminStatsResponse } from '@vip/contracts';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, DEMO_SERVER_ID, seedDemoServer, tokenOf } from './support/seed.ts';

/** The admin's journeys (spec §2 /admin/*): whitelist, statistics and subscribers. */
describe('frontend: admin panel (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  before(async () => {
    await seedDemoServer(browser.product());
  });

  async function signedInAdmin(path = '/admin'): Promise<Page> {
    const page = await browser.openPage('/login');
    await logIn(page, ADMIN);
    await page.waitForURL('**/admin/whitelist');
    if (path !== '/admin') await page.goto(browser.url(path));
    return page;
  }

  it('adds and removes a whitelist entry, refusing empty and malformed ids', async () => {
    const page = await signedInAdmin();
    await page.getByRole('heading', { name: /Whitelist Entries/ }).waitFor();
    await page.getByText('No whitelist entries found').waitFor();

    const opener = page.getByRole('button', { name: 'Add Entry' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add whitelist entry' });
    await dialog.getByText(/make sure the User ID and Server ID are correct/).waitFor();
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
    // the server says the same when the browser's check is skipped
    const refused = await api<{ error: string }>(browser.product(), '/api/admin/whitelist', {
      token: await tokenOf(browser.product()),
      body: { userId: ' ', guildId: '' },
    });
    expect(refused).to.deep.include({ status: 400 });
    expect(refused.body.error).to.equal('Please fill in all fields');

    await dialog.getByLabel('User ID').fill('123');
    await dialog.getByLabel('Server ID').fill(DEMO_SERVER_ID);
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('User ID and Server ID must be Discord IDs (17–20 digits)').first().waitFor();
    // the field at fault is marked, and what was typed stays
    expect(await dialog.getByLabel('User ID').getAttribute('aria-invalid')).to.equal('true');
    expect(await dialog.getByLabel('Server ID').getAttribute('aria-invalid')).to.equal(null);
    expect(await dialog.getByLabel('Server ID').inputValue()).to.equal(DEMO_SERVER_ID);

    await dialog.getByLabel('User ID').fill('200000000000000001');
    await dialog.getByLabel('Duration').selectOption('monthly');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('Entry has been added to whitelist').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Add Entry'); // focus is back

    const row = page.locator('.whitelist-user-toggle', { hasText: '200000000000000001' });
    await row.waitFor();
    expect(await row.getAttribute('aria-expanded')).to.equal('false');
    await row.click();
    expect(await row.getAttribute('aria-expanded')).to.equal('true');
    await page.getByRole('button', { name: `Remove server ${DEMO_SERVER_ID} of user 200000000000000001` }).click();
    await page.getByText('Entry has been removed from whitelist').waitFor();
    await page.getByText('No whitelist entries found').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('pages the whitelist with Load more, and searches it (issue #31 item 12)', async () => {
    const token = await tokenOf(browser.product());
    const servers = Array.from({ length: 25 }, (_, i) => `93000000000000${String(i).padStart(4, '0')}`);
    const users = ['520000000000000001', '520000000000000002', '520000000000000003'];
    for (const [index, userId] of users.entries()) {
      const added = await api(browser.product(), '/api/admin/whitelist', {
        token,
        body: { userId, guildId: index === 2 ? servers.slice(0, 5) : servers, duration: 'lifetime' },
      });
      expect(added.status).to.equal(201);
    }
    const page = await signedInAdmin();
    const entries = page.locator('.whitelist-server');
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    expect(await entries.count()).to.equal(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    // the second page under the first; no third page to load
    await entries.nth(54).waitFor({ state: 'attached' });
    expect(await entries.count()).to.equal(55);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).to.equal(0);

    const search = page.getByLabel("Discord user or server id, or a server's name");
    await search.fill(users[1]);
    await page.getByRole('button', { name: 'Search' }).click();
    // the three users' rows give way to the one searched for
    await page.waitForFunction(() => document.querySelectorAll('.whitelist-user-toggle').length === 1);
    await page.locator('.whitelist-user-toggle', { hasText: users[1] }).waitFor();
    expect(await entries.count()).to.equal(25);
    await search.fill('no server is named this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No whitelist entries match this search').waitFor();
    await search.fill('');
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('shows the same statistics as GET /api/admin/stats', async () => {
    // some activity first, so that not every figure is 0
    await api(browser.product(), '/api/keys/generateKey', { body: { guildId: DEMO_SERVER_ID } });
    await api(browser.product(), '/api/trackIpVisit', { body: {} });
    const page = await signedInAdmin('/admin/statistics');
    await page.getByText(/^Updated /).waitFor();
    const { body: stats } = await api<AdminStatsResponse>(browser.product(), '/api/admin/stats', {
      token: await tokenOf(browser.product()),
    });
    const figures: Record<string, number | null> = {
      'keys.today': stats.keys.today,
      'keys.yesterday': stats.keys.yesterday,
      'keys.last7Days': stats.keys.last7Days,
      'keys.last30Days': stats.keys.last30Days,
      'keys.total': stats.keys.total,
      'keys.redeemedToday': stats.keys.redeemedToday,
      'keys.redeemedTotal': stats.keys.redeemedTotal,
      'vip.activeNow': stats.vip.activeNow,
      'visitors.distinct': stats.visitors.distinct,
      'visitors.visitsToday': stats.visitors.visitsToday,
      'whitelist.entries': stats.whitelist.entries,
      'whitelist.users': stats.whitelist.users,
      'whitelist.premiumUsers': stats.whitelist.premiumUsers,
      'servers.total': stats.servers.total,
      'servers.members': stats.servers.members,
      'vipRoles.grantsFailed.today': stats.vipRoles.grantsFailed.today,
      'vipRoles.grantsFailed.last30Days': stats.vipRoles.grantsFailed.last30Days,
      'vipRoles.removalsLate.today': stats.vipRoles.removalsLate.today,
      'vipRoles.removalsLate.last30Days': stats.vipRoles.removalsLate.last30Days,
    };
    expect(stats.keys.total).to.be.greaterThan(0);
    for (const [id, value] of Object.entries(figures)) {
      expect(await page.locator(`[data-stat="${id}"]`).textContent(), id).to.equal(value!.toLocaleString('en-US'));
    }
    const change = (value: number | null) =>
      value === null ? '—' : value === 0 ? '0%' : `${value > 0 ? '+' : '−'}${Math.abs(value)}%`;
    expect(await page.locator('[data-stat="keys.dayOverDay"]').textContent()).to.equal(change(stats.keys.dayOverDay));
    expect(await page.locator('[data-stat="keys.weekOverWeek"]').textContent()).to.equal(
      change(stats.keys.weekOverWeek),
    );
    // the chart: 30 days, two bars each
    expect(await page.locator('.chart-svg rect').count()).to.equal(stats.daily.length * 2);
    expect(stats.daily).to.have.length(30);
  });

  it('creates a subscriber with a generated password shown once, then extends and ends the plan', async function () {
    const page = await signedInAdmin('/admin/subscribers');
    const probe = await api(browser.product(), '/api/admin/subscribers', { token: await tokenOf(browser.product()) });
    if (probe.status === 404) {
      console.log('      (skipped: GET /api/admin/subscribers does not answer yet)');
      this.skip();
    }
    await page.getByLabel('Username').fill('sub-generated');
    await page.getByLabel('Plan').selectOption('Premium');
    await page.getByLabel('Days', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create Subscriber' }).click();
    await page.getByText('Subscriber created successfully').waitFor();
    // the password is shown once, on the new subscriber's card
    const row = page.locator('.subscriber-row', { hasText: 'sub-generated' });
    await row.getByText(/Generated password for sub-generated/).waitFor();
    expect(await row.locator('.new-password .secret-value').textContent()).to.match(/^•+$/);
    await row.getByRole('button', { name: 'Show Password of sub-generated' }).click();
    const password = (await row.locator('.new-password .secret-value').textContent()) ?? '';
    expect(
      (await api(browser.product(), '/api/auth/login', { body: { username: 'sub-generated', password } })).status,
    ).to.equal(200);

    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: /Extend sub-generated/ }).click();
    await page.getByText('Subscription extended successfully').waitFor();
    await row.getByRole('button', { name: 'End the plan of sub-generated' }).click();
    await row.getByRole('button', { name: 'Confirm end' }).click();
    await page.getByText('Subscription ended').waitFor();
    await row.getByText('Expired').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });
});
