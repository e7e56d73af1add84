import fs from 'node:fs';
import { expect } from 'chai';
import { logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, createSubscriber, tokenOf } from './support/seed.ts';

/**
 * An admin answers a Discord member's request in Admin → Privacy: a wrong id is refused with
 * the product's text, the member's copy downloads as a file naming their facts, and the erasure
 * asks first, then says what it did; asked again, that nothing is left.
 */
describe('frontend: an admin answers a person’s data request (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();
  const member = '812345678901234567';

  it('downloads the member’s copy, then erases them once', async () => {
    // the member is known to the product as the Discord account a subscriber was created with
    const { status } = await api(browser.product(), '/api/admin/subscribers', {
      token: await tokenOf(browser.product()),
      body: {
        username: 'member.owner',
        password: 'member-owner-password-1',
        planName: 'Business',
        days: 30,
        discordUserId: member,
      },
    });
    expect(status).to.be.oneOf([200, 201]);

    const page = await browser.openPage('/login');
    await logIn(page);
    await page.waitForURL('**/admin/**');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Privacy' }).click();
    const memberId = page.getByLabel('Discord user ID');

    await memberId.fill('12345');
    await page.getByRole('button', { name: 'Download their data' }).click();
    await page.getByRole('alert').filter({ hasText: 'The member must be named by their Discord user id' }).waitFor();

    await memberId.fill(member);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download their data' }).click();
    const copy = JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8'));
    expect(copy.person).to.deep.equal({ kind: 'discord-member', discordUserId: member });
    expect(copy.facts.map((fact: { type: string }) => fact.type)).to.include('SubscriptionStarted');

    await page.getByRole('button', { name: 'Erase this member…' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the member’s erasure' });
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await page.getByRole('status').filter({ hasText: 'The member has been erased' }).waitFor();

    await page.getByRole('button', { name: 'Erase this member…' }).click();
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing is left about this member' }).waitFor();
  });

  it('deletes a panel user’s account on their request, from their card in Subscribers', async () => {
    const leaving = await createSubscriber(browser.product(), 'asked.to.leave', 'asked-to-leave-password-1');
    const page = await browser.openPage('/login');
    await logIn(page);
    await page.waitForURL('**/admin/**');
    await page.goto(browser.url('/admin/subscribers'));
    const card = page.locator(`[data-subscriber="${leaving.username}"]`);
    await card.getByRole('button', { name: `Delete the account of ${leaving.username} on their request` }).click();
    const confirm = card.getByRole('group', { name: `Confirm the deletion of ${leaving.username}` });
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('The account is deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    const signIn = await api(browser.product(), '/api/auth/login', { body: leaving });
    expect(signIn.status).to.equal(401);
  });
});
