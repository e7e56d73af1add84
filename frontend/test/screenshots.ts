/**
 * npm run screenshots
 * Every screen at 1280 px and 390 px wide, into /work/main/screenshots/ (git-ignored): starts
 * the real product on a fresh data directory, seeds it through its API and CLIs, and walks
 * through the screens in Debian's chromium. Build the frontend first (npm run build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { removeDataDir, startAllInOne } from '../../test/support/all-in-one.ts';
import { CLI_USER, SUSPENDED_SERVER, seed, signIn, type Who } from './support/screenshotSeed.ts';
import { DEMO_SERVER_ID } from './support/seed.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = path.join(root, 'screenshots');

interface Shot {
  name: string;
  path: string;
  who?: Who;
  /** Runs after the page loaded, before the picture. */
  then?: (page: Page) => Promise<void>;
  /** Delay the API so that a loading state can be seen. */
  slow?: string;
  /** Only the visible part, not the full page (modals, toasts). */
  viewportOnly?: boolean;
}

const shots: Shot[] = [
  { name: 'login', path: '/login' },
  {
    name: 'login-error',
    path: '/login',
    then: async (page) => {
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'key-page-loading', path: `/key/${DEMO_SERVER_ID}`, slow: `**/api/server/${DEMO_SERVER_ID}` },
  {
    name: 'key-page',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    then: async (page) => void (await page.getByRole('button', { name: 'Generate Key' }).waitFor()),
  },
  {
    name: 'key-page-key-copied',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    viewportOnly: true,
    then: async (page) => {
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByTestId('generated-key').waitFor();
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page
        .getByText(/Sweet! Key copied|Failed to copy/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'key-page-benefits',
    path: `/key/${DEMO_SERVER_ID}`,
    then: async (page) => page.getByRole('tab', { name: 'VIP Benefits' }).click(),
  },
  {
    name: 'gen-generating-link',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    slow: '**/api/hash/generate',
    viewportOnly: true,
  },
  {
    // the phone reloaded the page while the member was in Discord: the key is still there
    name: 'gen-key-after-reload',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    then: async (page) => {
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByTestId('generated-key').waitFor();
      await page.reload();
      await page.getByTestId('generated-key').waitFor();
    },
  },
  {
    name: 'key-page-new-key-question',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    then: async (page) => {
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByRole('button', { name: 'Generate New Key' }).click();
      await page.getByRole('button', { name: 'Keep this key' }).waitFor();
    },
  },
  {
    // the same spent link in another browser (this one forgot its key)
    name: 'gen-link-used',
    path: `/gen?serverid=${DEMO_SERVER_ID}`,
    then: async (page) => {
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByTestId('generated-key').waitFor();
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('button', { name: 'Get a fresh link' }).waitFor();
    },
  },
  {
    name: 'key-page-too-many-requests',
    path: `/key/${DEMO_SERVER_ID}`,
    then: async (page) => {
      await page.route('**/api/keys/generateKey', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
          body: JSON.stringify({ error: 'Too many requests, please try again later', code: 'rate_limited' }),
        }),
      );
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await page.getByText(/please wait 42 seconds/).waitFor();
    },
  },
  {
    name: 'gen-access-error',
    path: '/gen?serverhash=NOT-A-REAL-HASH',
    then: async (page) => void (await page.getByText('Access Error').waitFor()),
  },
  {
    name: 'gen-bot-not-in-server',
    path: '/gen?serverid=199999999999999999',
    then: async (page) => void (await page.getByText(/Let the server's staff know/).waitFor()),
  },
  { name: 'gen-missing-parameter', path: '/gen' },
  {
    name: 'key-page-bot-not-in-server',
    path: '/key/199999999999999999',
    then: async (page) => void (await page.getByText('Invite Bot').waitFor()),
  },
  { name: 'restricted-403', path: '/403' },
  { name: 'not-found', path: '/no-such-page' },
  {
    name: 'features',
    path: '/features',
    then: async (page) => void (await page.locator('.strip-item').first().waitFor()),
  },
  { name: 'invite', path: '/invite' },
  { name: 'poster', path: '/poster' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  {
    name: 'status',
    path: '/status',
    // no bot runs here: the page says so
    then: async (page) => void (await page.getByRole('heading', { name: /key bot is not running/ }).waitFor()),
  },
  {
    name: 'panel-servers',
    path: '/panel',
    who: 'subscriber',
    then: async (page) => void (await page.locator('.server-card h3').first().waitFor()),
  },
  {
    name: 'panel-setup-checklist',
    path: '/panel',
    who: 'new-subscriber',
    then: async (page) => void (await page.getByRole('heading', { name: 'Set up your first server' }).waitFor()),
  },
  {
    name: 'panel-server-suspended',
    path: '/panel',
    who: 'subscriber',
    then: async (page) => {
      const notice = page.locator('.suspension-notice');
      await notice.waitFor();
      await notice.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'panel-add-server-modal',
    path: '/panel',
    who: 'subscriber',
    viewportOnly: true,
    then: async (page) => {
      await page.getByRole('button', { name: 'Add server' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'panel-change-server-id',
    path: '/panel',
    who: 'subscriber',
    then: async (page) => {
      await page.getByRole('button', { name: 'Change Server ID' }).first().click();
      await page.getByLabel('New server ID').fill('100000000000000301');
    },
  },
  {
    name: 'panel-greetings',
    path: '/panel?tab=greetings',
    who: 'subscriber',
    then: async (page) => {
      await page.getByLabel('Server', { exact: true }).selectOption(DEMO_SERVER_ID);
      await page.locator('#greeting-channel option', { hasText: '#welcome' }).waitFor({ state: 'attached' });
      await page.locator('.greeting-item').first().waitFor();
    },
  },
  {
    // a refused save keeps what was typed and marks the field at fault
    name: 'panel-greeting-refused',
    path: '/panel?tab=greetings',
    who: 'subscriber',
    then: async (page) => {
      await page.getByLabel('Server', { exact: true }).selectOption(DEMO_SERVER_ID);
      await page.locator('#greeting-channel option', { hasText: '#welcome' }).waitFor({ state: 'attached' });
      await page.locator('.greeting-item').first().waitFor();
      await page.getByLabel('Delay (seconds)').fill('5');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.locator('#greeting-form-delay-error').waitFor();
    },
  },
  {
    // billing off: a plan's button leads here, which says how this site gives plans
    name: 'buy-by-hand',
    path: '/buy/premium',
    who: 'subscriber',
    then: async (page) => void (await page.getByTestId('buy-by-hand').waitFor()),
  },
  {
    name: 'panel-subscription',
    path: '/panel?tab=subscription',
    who: 'subscriber',
    then: async (page) => {
      await page.getByTestId('countdown').waitFor();
      await page.getByRole('button', { name: 'Show License key' }).click();
    },
  },
  {
    name: 'panel-sidebar-collapsed',
    path: '/panel',
    who: 'subscriber',
    then: async (page) => page.getByRole('button', { name: 'Hide announcements' }).click(),
  },
  {
    name: 'admin-whitelist',
    path: '/admin/whitelist',
    who: 'admin',
    then: async (page) => page.locator('.whitelist-user-toggle').first().click(),
  },
  {
    name: 'admin-whitelist-add-modal',
    path: '/admin/whitelist',
    who: 'admin',
    viewportOnly: true,
    then: async (page) => {
      await page.getByRole('button', { name: 'Add Entry' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add Entry' }).click();
      await page.getByText('Please fill in all fields').first().waitFor();
    },
  },
  {
    name: 'admin-announcements',
    path: '/admin/announcements',
    who: 'admin',
    then: async (page) => void (await page.locator('article').first().waitFor()),
  },
  {
    name: 'admin-statistics',
    path: '/admin/statistics',
    who: 'admin',
    then: async (page) => void (await page.getByText(/^Updated /).waitFor()),
  },
  {
    name: 'admin-subscribers',
    path: '/admin/subscribers',
    who: 'admin',
    then: async (page) => {
      await page.getByLabel('Username').fill(`shot${Date.now() % 100000}`);
      await page.getByRole('button', { name: 'Create Subscriber' }).click();
      await page.getByText(/Generated password for/).waitFor();
    },
  },
  {
    // two subscribers created in a row, and a reset from a card: every one-time password stays until dismissed
    name: 'admin-subscribers-passwords',
    path: '/admin/subscribers',
    who: 'admin',
    then: async (page) => {
      for (const name of ['first', 'second']) {
        const username = `${name}${Date.now() % 100000}`;
        const form = page.locator('form.subscriber-form');
        await form.getByLabel('Username').fill(username);
        await form.getByRole('button', { name: 'Create Subscriber' }).click();
        await page
          .locator('.subscriber-row', { hasText: username })
          .getByText(/Generated password for/)
          .waitFor();
      }
      const cliRow = page.locator('.subscriber-row', { hasText: CLI_USER.username });
      await cliRow.getByRole('button', { name: `Reset the password of ${CLI_USER.username}` }).click();
      await cliRow.getByRole('button', { name: 'Confirm reset' }).click();
      await cliRow.getByText(/New password for/).waitFor();
    },
  },
  {
    name: 'admin-audit-settings-history',
    path: `/admin/audit/servers/${DEMO_SERVER_ID}`,
    who: 'admin',
    then: async (page) => void (await page.locator('.audit-event[data-setting="greeting"]').first().waitFor()),
  },
  {
    name: 'admin-audit-date-refused',
    path: '/admin/audit',
    who: 'admin',
    then: async (page) => {
      await page.getByLabel('From').fill('31.02.2026');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator('#audit-from-error').waitFor();
    },
  },
  {
    // a suspended server's key page tells visitors; Contact support only where SUPPORT_URL is set
    name: 'key-page-suspended',
    path: `/key/${SUSPENDED_SERVER}`,
    then: async (page) => void (await page.getByRole('heading', { name: 'Access restricted' }).waitFor()),
  },
  {
    name: 'panel-plan-ended',
    path: '/panel',
    who: 'ended-subscriber',
    then: async (page) => void (await page.locator('.server-card h3').first().waitFor()),
  },
];

async function take(browser: Browser, base: string, width: number, shot: Shot) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  try {
    const page = await context.newPage();
    await signIn(page, base, shot.who ?? 'visitor');
    if (shot.slow) {
      await page.route(shot.slow, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await route.continue().catch(() => undefined);
      });
    }
    await page.goto(base + shot.path);
    // a loading state is pictured while its call is still held back
    if (shot.slow) await page.waitForTimeout(900);
    else await page.waitForLoadState('networkidle').catch(() => undefined);
    await shot.then?.(page);
    await page.waitForTimeout(400);
    // responsive down to 390 px: nothing may stick out sideways
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0)
      process.stdout.write(`WARNING ${shot.name} at ${width}px is ${overflow}px wider than the window\n`);
    const file = path.join(outDir, `${shot.name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: !shot.viewportOnly && !shot.slow });
    return file;
  } finally {
    await context.close();
  }
}

// Sign in with Discord set up (its button on /login); the screens never go to Discord itself
const product = await startAllInOne({
  env: { DISCORD_CLIENT_ID: '700000000000000001', DISCORD_CLIENT_SECRET: 'screenshots-only' },
});
let browser: Browser | undefined;
try {
  fs.mkdirSync(outDir, { recursive: true });
  await seed(product);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const only = process.argv.slice(2);
  for (const width of [1280, 390]) {
    for (const shot of shots) {
      if (only.length > 0 && !only.includes(shot.name)) continue;
      try {
        const file = await take(browser, product.url, width, shot);
        process.stdout.write(`${path.relative(root, file)}\n`);
      } catch (error) {
        process.stdout.write(
          `FAILED ${shot.name} at ${width}px: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`,
        );
        process.exitCode = 1;
      }
    }
  }
} finally {
  await browser?.close();
  await product.stop();
  removeDataDir(product.dataDir);
}
