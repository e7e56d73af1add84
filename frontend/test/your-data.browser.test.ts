import fs from 'node:fs';
import { expect } from 'chai';
import { logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, createSubscriber } from './support/seed.ts';

/**
 * A subscriber's own data in the panel: "Download my data" saves their copy, and "Delete my
 * account" asks for the password, refuses a wrong one with a clear text, and with the right
 * one signs them out for good.
 */
describe('frontend: a subscriber downloads their data and deletes their account (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  it('downloads the copy, then deletes the account with the password', async () => {
    const leaving = await createSubscriber(browser.product(), 'leaving.panel.user', 'leaving-panel-password-1');
    const page = await browser.openPage('/login');
    await logIn(page, leaving);
    await page.waitForURL('**/panel');
    await page.getByRole('tab', { name: 'Subscription' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const copy = JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8'));
    expect(copy.person).to.include({ kind: 'panel-user', username: 'leaving.panel.user' });
    expect(copy.facts.map((fact: { type: string }) => fact.type)).to.include('UserRegistered');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm account deletion' });
    await confirm.getByLabel('Panel password').fill('not-the-password');
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong password: your account was not deleted' }).waitFor();

    await confirm.getByLabel('Panel password').fill(leaving.password);
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL('**/login');
    const signIn = await api(browser.product(), '/api/auth/login', {
      body: { username: leaving.username, password: leaving.password },
    });
    expect(signIn.status).to.equal(401);
  });
});
