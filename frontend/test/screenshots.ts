/**
 * npm run screenshots
 * Every screen at 1280 px and 390 px wide, into /work/main/screenshots/ (git-ignored): starts
 * the real product on a fresh data directory, seeds it through its API and CLIs, and walks
 * through the screens in Debian's chromium. Build the frontend first (npm run build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN, removeDataDir, startAllInOne } from '../../test/support/all-in-one.ts';
import { proveManagement } from '../../test/support/discord.ts';
import { appendEvents } from '../../test/support/seed.ts';
import { api, createSubscriber, DEMO_SERVER_ID, reportServer, seedDemoServer, tokenOf } from './support/seed.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = path.join(root, 'screenshots');
const SUB = { username: 'sub1', password: 'sub1-password' };
/** A subscriber whose plan has ended (decisions.md §11): one server stays editable, the other is read-only. */
const ENDED = { username: 'sub2', password: 'sub2-password' };
/** A subscriber just made by an admin: no Discord link, no server (the Servers tab's checklist). */
const NEWCOMER = { username: 'sub3', password: 'sub3-password' };
/** Suspended by an admin; sub1 owns it, so their card shows the suspension. */
const SUSPENDED_SERVER = '100000000000000204';
type Who = 'visitor' | 'subscriber' | 'ended-subscriber' | 'new-subscriber' | 'admin';

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
    then: async (page) => void (await page.getByText('All systems operational').waitFor()),
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
      await page.getByText('Please fill in all fields').waitFor();
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

async function seed(product: { url: string; dataDir: string }) {
  await seedDemoServer(product);
  const guilds: [string, string, number][] = [
    ['100000000000000201', 'Pixel Art Guild', 5321],
    ['100000000000000202', 'Speedrunners Hub', 842],
    ['100000000000000203', 'Lo-fi Study Lounge', 12870],
    ['100000000000000204', 'Indie Devs', 2310],
    ['100000000000000205', 'Tabletop Nights', 410],
  ];
  for (const [id, name, members] of guilds) await reportServer(product, id, name, members);
  await createSubscriber(product, SUB.username, SUB.password, { planName: 'Business', days: 30, maxSlots: 5 });
  const subToken = await tokenOf(product, SUB);
  // decisions.md §9: sub1's Discord account manages these servers, proven with /link
  await proveManagement(
    product.url,
    subToken,
    [
      DEMO_SERVER_ID,
      '100000000000000201',
      '100000000000000202',
      '100000000000000203',
      SUSPENDED_SERVER,
      '199999999999999998',
    ],
    { username: 'Sub One' },
  );
  for (const guildId of [DEMO_SERVER_ID, '100000000000000201', SUSPENDED_SERVER])
    await api(product, '/api/user/add-server', { token: subToken, body: { guildId } });
  // a claim made before proof existed: the panel asks to verify it
  const { id: subId } = (await api<{ id: string }>(product, '/api/user/info', { token: subToken })).body;
  const claimedAt = new Date().toISOString();
  await appendEvents(product.dataDir, 'server-owner-100000000000000205', [
    { type: 'ServerClaimed', data: { guildId: '100000000000000205', userId: subId, claimedAt, discordUserId: null } },
  ]);
  await appendEvents(product.dataDir, `user-servers-${subId}`, [
    { type: 'SubscriberServerAdded', data: { userId: subId, guildId: '100000000000000205', addedAt: claimedAt } },
  ]);
  await api(product, `/api/greetings/settings/${DEMO_SERVER_ID}`, {
    token: subToken,
    body: {
      enabled: true,
      channelId: '100000000000000012',
      delay: 3,
      message: 'Welcome {user} to {server.name}! You are our {membercount}th member!',
    },
  });
  const adminToken = await tokenOf(product, ADMIN);
  for (const [userId, guildId, duration] of [
    ['200000000000000001', DEMO_SERVER_ID, 'monthly'],
    ['200000000000000001', '100000000000000201', 'lifetime'],
    ['200000000000000002', DEMO_SERVER_ID, 'weekly'],
  ]) {
    await api(product, '/api/admin/whitelist', { token: adminToken, body: { userId, guildId, duration } });
  }
  for (const [title, content, priority] of [
    ['Scheduled maintenance', 'The key generator is down tonight from 22:00 to 23:00 UTC.', 'high'],
    ['New greeting variables', 'Greetings can now show the member count with {membercount}.', 'medium'],
    ['Tip: one-time links', 'Share /gen?serverid=… links: every visitor gets a fresh one-time link.', 'low'],
  ]) {
    await api(product, '/api/announcements', { token: adminToken, body: { title, content, priority } });
  }
  for (let i = 0; i < 4; i++) await api(product, '/api/keys/generateKey', { body: { guildId: DEMO_SERVER_ID } });

  await api(product, `/api/admin/servers/${SUSPENDED_SERVER}/suspend`, {
    token: adminToken,
    body: { reason: 'Selling keys outside Discord' },
  });
  await createSubscriber(product, NEWCOMER.username, NEWCOMER.password);
  await createSubscriber(product, ENDED.username, ENDED.password, { planName: 'Premium', days: 30, maxSlots: 2 });
  const endedToken = await tokenOf(product, ENDED);
  const endedServers = ['100000000000000202', '100000000000000203'];
  await proveManagement(product.url, endedToken, endedServers, { username: 'Sub Two' });
  for (const guildId of endedServers)
    await api(product, '/api/user/add-server', { token: endedToken, body: { guildId } });
  const { id: endedId } = (await api<{ id: string }>(product, '/api/user/info', { token: endedToken })).body;
  await api(product, `/api/admin/subscribers/${endedId}/end`, { token: adminToken, body: {} });
}

async function signIn(page: Page, base: string, who: Who) {
  if (who === 'visitor') return;
  const credentials =
    who === 'admin' ? ADMIN : who === 'ended-subscriber' ? ENDED : who === 'new-subscriber' ? NEWCOMER : SUB;
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(panel|admin)/);
}

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
