import type { Page } from 'playwright-core';
import { ADMIN } from '../../../test/support/all-in-one.ts';
import { runCli } from '../../../test/support/cli.ts';
import { proveManagement } from '../../../test/support/discord.ts';
import { appendEvents } from '../../../test/support/seed.ts';
import { api, createSubscriber, DEMO_SERVER_ID, reportServer, seedDemoServer, tokenOf } from './seed.ts';

/** What npm run screenshots pictures, set up in a fresh product through its API and CLIs. */
export const SUB = { username: 'sub1', password: 'sub1-password' };
/** A subscriber whose plan has ended (decisions.md §11): one server stays editable, the other is read-only. */
export const ENDED = { username: 'sub2', password: 'sub2-password' };
/** A subscriber just made by an admin: no Discord link, no server (the Servers tab's checklist). */
export const NEWCOMER = { username: 'sub3', password: 'sub3-password' };
/** Suspended by an admin; sub1 owns it, so their card shows the suspension. */
export const SUSPENDED_SERVER = '100000000000000204';
/** An account made with `npm run user`: no plan, listed among the admin's subscribers all the same. */
export const CLI_USER = { username: 'from-the-cli', password: 'from-the-cli-password' };

/** Servers, subscribers (running, ended, new, one without a plan), greetings, whitelist, announcements, keys, a suspension. */
export async function seed(product: { url: string; dataDir: string }) {
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
  await runCli('src/cli/user.ts', ['create', CLI_USER.username, '--password', CLI_USER.password], {
    DATA_DIR: product.dataDir,
  });
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
    [
      'Scheduled maintenance',
      'The key generator is **down** tonight from 22:00 to 23:00 UTC. Follow it on [the status page](https://status.example.com).',
      'high',
    ],
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

export type Who = 'visitor' | 'subscriber' | 'ended-subscriber' | 'new-subscriber' | 'admin';

/** Signs in as the shot's person (a visitor stays signed out). */
export async function signIn(page: Page, base: string, who: Who) {
  if (who === 'visitor') return;
  const credentials =
    who === 'admin' ? ADMIN : who === 'ended-subscriber' ? ENDED : who === 'new-subscriber' ? NEWCOMER : SUB;
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(panel|admin)/);
}
