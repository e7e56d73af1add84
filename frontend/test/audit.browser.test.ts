import type { AuditPageResponse } from '@vip/contracts';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { proveManagement } from '../../test/support/discord.ts';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import {
  api,
  createSubscriber,
  DEMO_CHANNELS,
  DEMO_SERVER_ID,
  eventually,
  seedDemoServer,
  tokenOf,
} from './support/seed.ts';

/** The admin's audit trail (/admin/audit): filters, a key's life, a server's settings history. */
describe('frontend: admin audit trail (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  before(async () => {
    await seedDemoServer(browser.product());
    const generated = await api(browser.product(), '/api/keys/generateKey', { body: { guildId: DEMO_SERVER_ID } });
    expect(generated.status, JSON.stringify(generated.body)).to.equal(200);
    // the audit read model catches up within a moment
    const token = await tokenOf(browser.product());
    await eventually(async () => {
      const { body } = await api<AuditPageResponse>(
        browser.product(),
        `/api/admin/audit?guildId=${DEMO_SERVER_ID}&type=KeyGenerated`,
        { token },
      );
      return body.events?.length > 0;
    }, 'the KeyGenerated event in the audit trail');
  });

  async function signedInAdmin(path: string): Promise<Page> {
    const page = await browser.openPage('/login');
    await logIn(page, ADMIN);
    await page.waitForURL('**/admin/whitelist');
    await page.goto(browser.url(path));
    return page;
  }

  it('filters by server and type, opens a key life and a server settings history', async () => {
    const page = await signedInAdmin('/admin/whitelist');
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();

    await page.getByLabel('Server ID', { exact: true }).fill(DEMO_SERVER_ID);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/admin/audit?guildId=${DEMO_SERVER_ID}`);
    const keyRow = page.locator('.audit-event[data-type="KeyGenerated"]').first();
    await keyRow.waitFor();
    expect(await keyRow.locator('time').textContent()).to.match(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC$/);
    await keyRow.getByText('Data').click();
    expect(await keyRow.locator('.audit-fields').textContent()).to.include(DEMO_SERVER_ID);

    // only GuildReported: the list changes
    await page.getByLabel('Event type').selectOption('GuildReported');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/admin/audit?*type=GuildReported*');
    // the server's whole list stays on screen until the filtered one arrives: wait for the other types to go
    await page.locator('.audit-event[data-type="GuildReported"]').first().waitFor();
    await page.locator('.audit-event:not([data-type="GuildReported"])').first().waitFor({ state: 'detached' });
    const types = await page
      .locator('.audit-event')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    expect(types.length).to.be.greaterThan(0);
    expect(new Set(types)).to.deep.equal(new Set(['GuildReported']));

    // a type with nothing for this server: the empty state
    await page.getByLabel('Event type').selectOption('VideoPostCancelled');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No events match these filters').waitFor();

    // back to the key: its whole life
    await page.getByLabel('Event type').selectOption('KeyGenerated');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .locator('.audit-event[data-type="KeyGenerated"]')
      .first()
      .getByRole('link', { name: /^Key life of / })
      .click();
    await page.waitForURL('**/admin/audit/keys/*');
    await page.getByRole('heading', { name: 'Key life' }).waitFor();
    await page.locator('.audit-event[data-type="KeyGenerated"]').first().waitFor();

    // a server's settings history, from a server id in the list
    await page.getByRole('link', { name: 'Back to the audit trail' }).click();
    await page.waitForURL('**/admin/audit');
    await page
      .getByRole('link', { name: `Settings history of server ${DEMO_SERVER_ID}` })
      .first()
      .click();
    await page.waitForURL(`**/admin/audit/servers/${DEMO_SERVER_ID}`);
    await page.getByRole('heading', { name: /Settings history/ }).waitFor();
    await page.locator('.audit-event, .empty-state').first().waitFor();

    // and from the server-id input, which refuses a malformed id
    await page.getByLabel('Settings history of server').fill('123');
    await page.getByRole('button', { name: 'Open settings history' }).click();
    await page.getByText('A server id is a Discord id (17–20 digits)').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('says when the trail could not be loaded, and loads it on "Try again"', async () => {
    const page = await signedInAdmin('/admin/whitelist');
    // the server is unreachable for the first request of the trail, then back
    let failed = 0;
    await page.route('**/api/admin/audit?*', async (route) => {
      if (failed++ === 0) await route.abort('connectionrefused');
      else await route.continue();
    });
    await page.goto(browser.url(`/admin/audit?guildId=${DEMO_SERVER_ID}`));
    const banner = page.getByRole('alert').filter({ hasText: 'Try again' });
    await banner.waitFor();
    expect(await page.locator('.audit-event').count()).to.equal(0);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.audit-event').first().waitFor();
    expect(await banner.count()).to.equal(0);
  });

  it('fits a 390 px wide screen', async () => {
    const page = await signedInAdmin(`/admin/audit?guildId=${DEMO_SERVER_ID}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.audit-event').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).to.be.at.most(0);
  });

  it('reads in words: event types grouped, dates typed as DD.MM.YYYY, settings changes by name', async () => {
    // an owner who saved a greeting: the settings history has names to show
    const owner = await createSubscriber(browser.product(), 'greeter', 'greeter-password');
    const token = await tokenOf(browser.product(), owner);
    await proveManagement(browser.product().url, token, [DEMO_SERVER_ID]);
    expect(
      (await api(browser.product(), '/api/user/add-server', { token, body: { guildId: DEMO_SERVER_ID } })).status,
    ).to.equal(200);
    const welcome = DEMO_CHANNELS[1];
    const saved = await api(browser.product(), `/api/greetings/settings/${DEMO_SERVER_ID}`, {
      token,
      body: { enabled: true, channelId: welcome.id, delay: 2, message: 'Hello {user}' },
    });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);

    const page = await signedInAdmin('/admin/audit');
    const type = page.getByLabel('Event type');
    await type.locator('option[value="KeyGenerated"]').waitFor({ state: 'attached' });
    const groups = await type
      .locator('optgroup')
      .evaluateAll((list) => list.map((group) => group.getAttribute('label')));
    expect(groups).to.include('Keys and VIP roles');
    expect(groups).to.not.include('Billing (Stripe)'); // Stripe is off here
    expect(await type.locator('option[value="KeyGenerated"]').textContent()).to.equal('Key generated');

    // a date as every date is shown; one that is no day is marked, not sent
    const from = page.getByLabel('From');
    await from.fill('31.02.2026');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#audit-from-error').waitFor();
    expect(await from.getAttribute('aria-invalid')).to.equal('true');
    const today = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    await from.fill(`${two(today.getUTCDate())}.${two(today.getUTCMonth() + 1)}.${today.getUTCFullYear()}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    const iso = `${today.getUTCFullYear()}-${two(today.getUTCMonth() + 1)}-${two(today.getUTCDate())}`;
    await page.waitForURL(`**/admin/audit?from=${iso}`);
    await page.locator('.audit-event').first().waitFor();
    expect(await from.inputValue()).to.match(/^\d{2}\.\d{2}\.\d{4}$/);

    await page.goto(browser.url(`/admin/audit/servers/${DEMO_SERVER_ID}`));
    const greeting = page.locator('.audit-event[data-setting="greeting"]').last();
    await greeting.waitFor();
    const table = await greeting.locator('.audit-diff').textContent();
    expect(table)
      .to.include('Channel')
      .and.include(`#${welcome.name}`)
      .and.include('2 s')
      .and.include('Greet new members');
    expect(table).to.not.include(welcome.id).and.not.include('channelId').and.not.include('"');
    const ownerRow = page.locator('.audit-event[data-setting="owner"]').first();
    expect(await ownerRow.locator('.audit-diff').textContent()).to.include('greeter');
    expect(browser.pageErrors).to.deep.equal([]);
  });
});
