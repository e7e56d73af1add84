import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { proveManagement } from '../../test/support/discord.ts';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, createSubscriber, type Product, reportServer, tokenOf } from './support/seed.ts';

const [PREMIUM_SERVER, BASIC_SERVER, FIRST, SECOND, THIRD] = [
  '100000000000000301',
  '100000000000000302',
  '100000000000000303',
  '100000000000000304',
  '100000000000000305',
];
/** SCREENSHOTS=dir saves the suspended key page and the expired panel at 1280 and 390 px there. */
const shotsDir = process.env.SCREENSHOTS;

async function screenshot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A subscriber with a plan who proved they manage their servers (decisions.md §9) and added them. */
async function planHolder(product: Product, username: string, planName: string, servers: string[]) {
  const password = `${username}-password`;
  await createSubscriber(product, username, password, { planName, days: 30 } as never);
  const token = await tokenOf(product, { username, password });
  await proveManagement(product.url, token, servers);
  for (const guildId of servers) {
    const added = await api(product, '/api/user/add-server', { token, body: { guildId } });
    if (added.status !== 200) throw new Error(`add-server ${guildId}: ${added.status} ${JSON.stringify(added.body)}`);
  }
  const users = await api<{ subscribers: { id: string; username: string }[] }>(product, '/api/admin/subscribers', {
    token: await tokenOf(product),
  });
  const id = users.body.subscribers.find((subscriber) => subscriber.username === username)!.id;
  return { username, password, token, id };
}

/**
 * What plans sell and what suspensions do, in the browser (decisions.md §10–§12): the admin's
 * whitelist form (durations, several servers) and suspensions, the verification-message
 * editor and its plan gate, the analytics chart, an expired subscriber's panel.
 */
describe('frontend: plans, whitelist and suspensions (browser)', function () {
  this.timeout(180_000);
  const browser = useProductInBrowser();
  let premium: Awaited<ReturnType<typeof planHolder>>;
  let basic: Awaited<ReturnType<typeof planHolder>>;
  let business: Awaited<ReturnType<typeof planHolder>>;

  before(async () => {
    const product = browser.product();
    const servers: [string, string][] = [
      [PREMIUM_SERVER, 'Premium Place'],
      [BASIC_SERVER, 'Basic Place'],
      [FIRST, 'First Business'],
      [SECOND, 'Second Business'],
      [THIRD, 'Third Business'],
    ];
    for (const [id, name] of servers) await reportServer(product, id, name, 321);
    premium = await planHolder(product, 'premium-owner', 'Premium', [PREMIUM_SERVER]);
    basic = await planHolder(product, 'basic-owner', 'Basic', [BASIC_SERVER]);
    business = await planHolder(product, 'business-owner', 'Business', [FIRST, SECOND, THIRD]);
  });

  async function signedIn(
    credentials: { username: string; password: string },
    path: string,
    prepare?: Parameters<typeof browser.openPage>[1],
  ): Promise<Page> {
    const page = await browser.openPage(path, prepare);
    await page.waitForURL('**/login');
    await logIn(page, credentials);
    await page.waitForURL(`**${path.split('?')[0]}*`);
    return page;
  }

  it('the admin whitelists one user on several servers with a number of days', async () => {
    const page = await signedIn(ADMIN, '/admin/whitelist');
    await page.getByRole('button', { name: 'Add Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add whitelist entry' });
    await dialog.getByLabel('User ID').fill('200000000000000777');
    await dialog.getByLabel('Server ID').fill(`${FIRST}, ${SECOND}\n${THIRD}`);
    await dialog.getByText('(3 servers)').waitFor();
    await dialog.getByLabel('Duration').selectOption('days');
    await dialog.getByLabel('Days', { exact: true }).fill('12');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('3 entries have been added to whitelist').waitFor();
    const row = page.locator('.whitelist-user-toggle', { hasText: '200000000000000777' });
    await row.getByText('3 servers').waitFor();
    await row.click();
    const servers = page.locator('.whitelist-server');
    expect(await servers.count()).to.equal(3);
    expect(await servers.first().textContent()).to.match(/Days · expires \d\d\.\d\d\.\d{4}/);
    const listed = await api<{ whitelists: { guildId: string; expiresAt: string; duration: string }[] }>(
      browser.product(),
      '/api/admin/whitelist',
      { token: await tokenOf(browser.product()) },
    );
    const days = listed.body.whitelists.map((entry) => (Date.parse(entry.expiresAt) - Date.now()) / 86_400_000);
    expect(days.every((left) => left > 11.9 && left <= 12)).to.equal(true);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('the verification message editor previews live and saves on Premium; Basic says which plan unlocks it', async () => {
    const page = await signedIn(premium, '/panel?tab=verification');
    await page.getByRole('tab', { name: 'Verification message' }).waitFor();
    const preview = page.getByTestId('verification-preview');
    await preview.getByText('🔑 VIP access').waitFor();
    await page.getByLabel('Title').fill('Welcome to {server.name}!');
    await preview.getByText('Welcome to Premium Place!').waitFor();
    await page.getByLabel('Button label').fill('Open the key page');
    await page.getByText('Open the key page ↗').waitFor();
    await page.getByLabel('Colour', { exact: true }).fill('#22aa55');
    expect(await preview.evaluate((element) => getComputedStyle(element).borderLeftColor)).to.equal('rgb(34, 170, 85)');
    await page.getByRole('button', { name: 'Save message' }).click();
    await page.getByText('Verification message saved').waitFor();
    const saved = await api<{ message: { title: string }; inUse: string }>(
      browser.product(),
      `/api/verification-message/${PREMIUM_SERVER}`,
      { token: premium.token },
    );
    expect(saved.body).to.deep.include({ inUse: 'custom' });
    expect(saved.body.message.title).to.equal('Welcome to {server.name}!');
    await page.reload();
    await page.getByTestId('verification-preview').getByText('Welcome to Premium Place!').waitFor({ timeout: 20_000 });

    const locked = await signedIn(basic, '/panel?tab=verification');
    await locked
      .getByTestId('verification-lock')
      .getByText('Custom verification message comes with the Premium or Business plan')
      .waitFor();
    expect(await locked.getByLabel('Title').isDisabled()).to.equal(true);
    expect(await locked.getByRole('button', { name: 'Save message' }).isDisabled()).to.equal(true);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it("analytics: a Business owner's servers with the 30-day chart; other plans say which plan has them", async () => {
    for (let i = 0; i < 3; i++) await api(browser.product(), '/api/keys/generateKey', { body: { guildId: FIRST } });
    // the page's clock, so that the 30-second refresh can be fast-forwarded
    const page = await signedIn(business, '/panel?tab=analytics', (context) => context.clock.install());
    const first = page.locator(`[data-server="${FIRST}"]`);
    await first.getByRole('heading', { name: 'First Business' }).waitFor();
    expect(await first.locator('[data-stat="keysGenerated30d"]').textContent()).to.equal('3');
    expect(await first.locator('[data-stat="redemptionRate"]').textContent()).to.equal('0%');
    expect(await first.locator('.chart-svg rect').count()).to.equal(60);
    expect(await page.locator('[data-server]').count()).to.equal(3);
    // refreshed live: a key generated meanwhile shows up at the next refresh, without a reload
    await api(browser.product(), '/api/keys/generateKey', { body: { guildId: FIRST } });
    await page.waitForTimeout(500);
    expect(await first.locator('[data-stat="keysGenerated30d"]').textContent()).to.equal('3');
    await page.clock.fastForward('00:31');
    await first.locator('[data-stat="keysGenerated30d"]', { hasText: '4' }).waitFor();

    const other = await signedIn(premium, '/panel?tab=analytics');
    await other.getByTestId('analytics-locked').getByText('Analytics comes with the Business plan').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it("an expired subscriber's panel says why and what renewing restores; an extension clears it", async () => {
    const admin = await tokenOf(browser.product());
    const ended = await api(browser.product(), `/api/admin/subscribers/${business.id}/end`, { token: admin, body: {} });
    expect(ended.status).to.equal(200);
    const page = await signedIn(business, '/panel');
    const notice = page.getByTestId('plan-ended');
    await notice.getByRole('heading', { name: /Your Business plan ended on/ }).waitFor();
    await notice.getByText(/greetings and auto-ping are paused/).waitFor();
    await notice.getByText(/the free tier keeps 1 server editable: 2 are read-only/).waitFor();
    await notice.getByText(`Second Business (${SECOND})`).waitFor();
    await notice.getByText(`Third Business (${THIRD})`).waitFor();
    await notice.getByText('Renewing restores all of it at once').waitFor();
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByText('Included (paused until renewal)').first().waitFor();
    await page.getByRole('tab', { name: 'Servers' }).click();
    // the read-only servers' cards say so and offer no change; the editable one still does
    const card = (id: string) => page.locator(`.server-card[data-server-id="${id}"]`);
    await card(SECOND).getByText('This server is read-only until your plan is renewed').waitFor();
    await card(THIRD).getByText('This server is read-only until your plan is renewed').waitFor();
    expect(await card(SECOND).getByRole('button', { name: 'Change Server ID' }).count()).to.equal(0);
    expect(await card(SECOND).getByText('Sponsor link').count()).to.equal(0);
    await card(FIRST).getByRole('button', { name: 'Change Server ID' }).waitFor();
    expect(await card(FIRST).getByText('This server is read-only until your plan is renewed').count()).to.equal(0);
    await screenshot(page, 'panel-plan-ended');

    const extended = await api(browser.product(), `/api/admin/subscribers/${business.id}/extend`, {
      token: admin,
      body: { days: 30 },
    });
    expect(extended.status).to.equal(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Server Manager' }).waitFor();
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByTestId('plan-ended').count()).to.equal(0);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('the admin suspends a server: its key page shows 403 Restricted; lifting restores it', async () => {
    const page = await signedIn(ADMIN, '/admin/suspensions');
    await page.getByText('No suspended servers').waitFor();
    await page.getByLabel('Server ID').fill(BASIC_SERVER);
    await page.getByLabel('Reason').fill('Reported for spam');
    await page.getByRole('button', { name: 'Suspend server' }).click();
    await page.getByText('Server suspended').waitFor();
    const row = page.locator(`[data-suspended="${BASIC_SERVER}"]`);
    await row.getByText('Reported for spam').waitFor();
    await row.getByText('Basic Place').waitFor();

    const visitor = await browser.openPage(`/key/${BASIC_SERVER}`);
    await visitor.getByRole('heading', { name: 'Access restricted' }).waitFor();
    await visitor
      .getByText('This server has been suspended. Contact support if you think this is a mistake.')
      .waitFor();
    // no SUPPORT_URL here: no Contact support that leads nowhere, the server's staff instead
    await visitor.getByText("Ask the server's staff in Discord if you need help with it.").waitFor();
    expect(await visitor.getByRole('link', { name: 'Contact support' }).count()).to.equal(0);
    await visitor.getByRole('link', { name: 'Go back home' }).waitFor();
    expect(await visitor.getByText('Reported for spam').count(), 'the reason is not for visitors').to.equal(0);
    expect(await visitor.getByRole('button', { name: 'Generate Key' }).count()).to.equal(0);
    await screenshot(visitor, 'key-page-suspended');
    // the one-time link route ends on the same screen
    const gated = await browser.openPage(`/gen?serverid=${BASIC_SERVER}`);
    await gated.getByRole('heading', { name: 'Access restricted' }).waitFor();

    await row.getByRole('button', { name: 'Lift the suspension of Basic Place' }).click();
    await page.getByText('Suspension lifted').waitFor();
    await page.getByText('No suspended servers').waitFor();
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Generate Key' }).waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });
});
