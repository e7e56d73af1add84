import { expect } from 'chai';
import type { Page, WebSocketRoute } from 'playwright-core';
import { logIn, useProductInBrowser } from './support/productInBrowser.ts';

/**
 * decisions.md §6: the live list survives a dropped socket (reconnect, then a refetch for
 * what was pushed meanwhile) and a refused token ends the session instead of retrying.
 * The socket is cut between page and server with Playwright's WebSocket routing.
 */
describe('frontend: realtime connection (browser)', function () {
  this.timeout(90_000);
  const product = useProductInBrowser();

  async function signedInAdmin(): Promise<Page> {
    const admin = await product.openPage('/login');
    await logIn(admin);
    await admin.waitForURL('**/admin/whitelist');
    await admin.goto(product.url('/admin/announcements'));
    return admin;
  }

  it('catches up after a reconnect on what was posted while the socket was away', async () => {
    let socketToServer: WebSocketRoute | undefined;
    let away = false;
    const reader = await product.openPage('/panel', (context) =>
      context.routeWebSocket(/\/ws$/, (socket) => {
        if (away) return socket.close({ code: 1012, reason: 'server restarting' });
        socket.connectToServer();
        socketToServer = socket;
      }),
    );
    await reader.waitForURL('**/login');
    await logIn(reader);
    await reader.waitForURL('**/panel');
    await reader.locator('[data-realtime-status="live"]').waitFor();
    await reader.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    away = true;
    await socketToServer!.close({ code: 1012, reason: 'server restarting' });
    await reader.locator('[data-realtime-status="reconnecting"]').waitFor();

    const admin = await signedInAdmin();
    const title = `Posted while away ${Date.now()}`;
    await admin.getByLabel('Title', { exact: true }).fill(title);
    await admin.getByLabel('Content', { exact: true }).fill('Nobody pushed this to the reader.');
    await admin.getByRole('button', { name: 'Create Announcement' }).click();
    await admin.getByText('Announcement created successfully').waitFor();
    expect(await reader.locator('article', { hasText: title }).count()).to.equal(0);

    away = false;
    await reader.locator('article', { hasText: title }).waitFor({ timeout: 20_000 });
    await reader.locator('[data-realtime-status="live"]').waitFor();
    expect(await reader.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).to.equal(true);
  });

  it('ends the session, without retrying, when the socket refuses the token (4401)', async () => {
    let connections = 0;
    const reader = await product.openPage('/login', (context) =>
      context.routeWebSocket(/\/ws$/, (socket) => {
        connections += 1;
        socket.onMessage(() => socket.close({ code: 4401, reason: 'unauthorized' }));
      }),
    );
    await logIn(reader);
    await reader.waitForURL('**/admin/whitelist');
    // the announcements tab is where the admin panel listens
    await reader.getByRole('link', { name: 'Announcements' }).click();
    await reader.waitForURL('**/login');
    await reader.getByText('Your session has ended, please log in again').waitFor();
    expect(await reader.evaluate(() => localStorage.getItem('authToken'))).to.equal(null);
    await reader.waitForTimeout(1500); // longer than the first retry would wait
    expect(connections).to.equal(1);
    expect(product.pageErrors).to.deep.equal([]);
  });
});
