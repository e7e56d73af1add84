import { expect } from 'chai';
import { ADMIN, logIn, pathOf, useProductInBrowser } from './support/productInBrowser.ts';
import { type CreatedSubscriber, createSubscriber } from './support/seed.ts';

/**
 * The journeys of spec §2 (login, route guard) and §4 (realtime announcements), in Debian's
 * chromium against the real all-in-one server serving frontend/dist.
 */
const announcementDate = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/;

describe('frontend: login and live announcements (browser)', function () {
  this.timeout(90_000);
  const product = useProductInBrowser();
  const openPage = (path: string) => product.openPage(path);
  let reader: CreatedSubscriber;

  before(async () => {
    reader = await createSubscriber(product.product(), 'reader1', 'reader1-password');
  });

  it("shows the server's words in a banner for a wrong password", async () => {
    const page = await openPage('/login');
    await logIn(page, { username: ADMIN.username, password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(pathOf(page)).to.equal('/login');
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).to.equal(true);
  });

  it('guards /panel, returns there after login, redirects a signed-in /login, and logs out', async () => {
    const page = await openPage('/panel');
    await page.waitForURL('**/login');
    await logIn(page);
    await page.waitForURL('**/panel');
    await page.locator('.user-name', { hasText: ADMIN.username }).waitFor();
    const saved = await page.evaluate(() => ({
      token: localStorage.getItem('authToken'),
      user: localStorage.getItem('user'),
    }));
    expect(saved.token).to.be.a('string').and.not.equal('');
    expect(JSON.parse(saved.user ?? 'null')).to.include({ username: ADMIN.username, isAdmin: true });

    // Signed in, /login and / lead home; an unknown route is the not-found screen.
    await page.goto(product.url('/login'));
    await page.waitForURL('**/admin/whitelist');
    await page.goto(product.url('/'));
    await page.waitForURL('**/admin/whitelist');
    await page.goto(product.url('/no-such-page'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await page.goto(product.url('/panel'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).to.deep.equal([
      null,
      null,
    ]);
  });

  it('ends a stored session the server no longer accepts, and one it cannot read', async () => {
    const page = await openPage('/login');
    const storedUser = JSON.stringify({ id: 'u1', username: 'ghost', isAdmin: false, avatar: null });
    await page.evaluate((user) => {
      localStorage.setItem('authToken', 'a-token-the-server-never-issued');
      localStorage.setItem('user', user);
    }, storedUser);
    await page.goto(product.url('/panel'));
    await page.waitForURL('**/login'); // the 401 ended the session
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).to.equal(null);

    await page.evaluate(() => {
      localStorage.setItem('authToken', 'whatever');
      localStorage.setItem('user', '{not json');
    });
    await page.goto(product.url('/panel'));
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).to.deep.equal([
      null,
      null,
    ]);
  });

  it('delivers a new announcement live to a subscriber in another browser, with read marks, and its deletion too', async () => {
    const admin = await openPage('/login');
    await logIn(admin);
    await admin.waitForURL('**/admin/whitelist');
    await admin.getByRole('link', { name: 'Announcements' }).click();
    await admin.waitForURL('**/admin/announcements');

    const subscriber = await openPage('/panel');
    await subscriber.waitForURL('**/login');
    await logIn(subscriber, reader);
    await subscriber.waitForURL('**/panel');
    await subscriber.getByText('No announcements yet').waitFor();
    // Only once the socket is authenticated is a push guaranteed to reach this tab.
    await subscriber.locator('[data-realtime-status="live"]').waitFor();
    await subscriber.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await admin.getByRole('button', { name: 'Create Announcement' }).click();
    await admin.getByText('Please fill in all fields').first().waitFor();

    const title = `Maintenance tonight ${Date.now()}`;
    await admin.getByLabel('Title', { exact: true }).fill(title);
    await admin
      .getByLabel('Content', { exact: true })
      .fill('The key generator is **down** from 22:00 to 23:00. [Status](https://status.example/now) <b>no</b>');
    await admin.getByLabel('Priority', { exact: true }).selectOption('high');
    await admin.getByRole('button', { name: 'Create Announcement' }).click();
    await admin.getByText('Announcement created successfully').waitFor();
    expect(await admin.getByLabel('Title', { exact: true }).inputValue()).to.equal('');
    expect(await admin.getByLabel('Priority', { exact: true }).inputValue()).to.equal('medium');

    const readerCard = subscriber.locator('article', { hasText: title });
    await readerCard.waitFor();
    await subscriber
      .getByRole('status')
      .filter({ hasText: `New high priority announcement: ${title}` })
      .waitFor();
    expect(await subscriber.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).to.equal(true);
    expect(await readerCard.locator('.badge').textContent()).to.equal('High priority');
    expect(await readerCard.locator('.announcement-author').textContent()).to.equal(ADMIN.username);
    expect(await readerCard.locator('time').textContent()).to.match(announcementDate);
    // its markdown rendered, its HTML not
    expect(await readerCard.locator('.announcement-content strong').textContent()).to.equal('down');
    expect(await readerCard.getByRole('link', { name: 'Status' }).getAttribute('href')).to.equal(
      'https://status.example/now',
    );
    expect(await readerCard.locator('.announcement-content b').count()).to.equal(0);
    expect(await readerCard.locator('.announcement-content').textContent()).to.include('<b>no</b>');
    expect(await readerCard.getByRole('button', { name: /Delete/ }).count()).to.equal(0);

    // Priority filter, then read marks: a click reads it, "Show unread only" hides it.
    await subscriber.getByRole('button', { name: 'Low', exact: true }).click();
    await subscriber.getByText('No low priority announcements').waitFor();
    await subscriber.getByRole('button', { name: 'All', exact: true }).click();
    await readerCard.click();
    await readerCard.waitFor({ state: 'detached' });
    await subscriber.getByRole('button', { name: 'Show all announcements' }).click();
    expect(await subscriber.getByRole('switch', { name: 'Show unread only' }).isChecked()).to.equal(false);
    expect(await readerCard.getAttribute('data-read')).to.equal('true');

    await admin.getByRole('button', { name: `Delete announcement: ${title}` }).click();
    await admin.getByText('Announcement deleted successfully').waitFor();
    await readerCard.waitFor({ state: 'detached' });
    await subscriber.getByText('No announcements yet').waitFor();
    expect(product.pageErrors).to.deep.equal([]);
  });
});
