import { useProductInBrowser, logIn } from '/work/main/frontend/test/support/productInBrowser.ts';
describe('shots', function () {
  this.timeout(60000);
  const product = useProductInBrowser();
  it('takes', async () => {
    const p = await product.openPage('/login');
    await p.screenshot({ path: '/tmp/shots/login.png' });
    await logIn(p, { username: 'admin', password: 'nope-nope' });
    await p.getByRole('alert').waitFor();
    await p.screenshot({ path: '/tmp/shots/login-error.png' });
    await logIn(p);
    await p.waitForURL('**/admin');
    for (const [t, pr] of [['Server maintenance tonight', 'high'], ['New greeting variables', 'low'], ['Pricing update for the Business plan with a rather long title that wraps', 'medium']]) {
      await p.getByLabel('Title').fill(t); await p.getByLabel('Content').fill('Line one of the content.\nLine two explains more about ' + t.toLowerCase() + '.');
      await p.getByLabel('Priority').selectOption(pr); await p.getByRole('button', { name: 'Create Announcement' }).click();
      await p.getByText('Announcement created successfully').first().waitFor();
    }
    await p.waitForTimeout(500);
    await p.screenshot({ path: '/tmp/shots/admin.png', fullPage: true });
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.screenshot({ path: '/tmp/shots/admin-wide.png', fullPage: true });
    await p.goto(product.url('/panel'));
    await p.getByText('Live').waitFor();
    await p.setViewportSize({ width: 390, height: 844 });
    await p.keyboard.press('Tab'); await p.keyboard.press('Tab');
    await p.screenshot({ path: '/tmp/shots/panel.png', fullPage: true });
    await p.goto(product.url('/nope'));
    await p.screenshot({ path: '/tmp/shots/notfound.png' });
  });
});
