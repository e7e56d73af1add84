import { expect } from 'chai';
import type { AuditPageResponse } from '@vip/contracts';
import type { Page } from 'playwright-core';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, DEMO_SERVER_ID, eventually, seedDemoServer, tokenOf } from './support/seed.ts';

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
});
