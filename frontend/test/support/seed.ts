import { ADMIN, BOT_TOKEN } from '../../../test/support/all-in-one.ts';
import { runCli } from '../../../test/support/cli.ts';

/** What the journeys and the screenshots set up in a fresh product, through its real API and CLIs. */
export const DEMO_SERVER_ID = '100000000000000001';
export const DEMO_CHANNELS = [
  { id: '100000000000000011', name: 'general' },
  { id: '100000000000000012', name: 'welcome' },
];

export interface Product {
  url: string;
  dataDir: string;
}

export async function api<T = unknown>(
  product: Product,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(product.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T };
}

export async function tokenOf(
  product: Product,
  credentials: { username: string; password: string } = ADMIN,
): Promise<string> {
  const { status, body } = await api<{ token: string }>(product, '/api/auth/login', { body: credentials });
  if (status !== 200) throw new Error(`login of ${credentials.username} answered ${status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** Polls until `check` holds (the read side catches up within a second or so). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** `npm run demo`; when that CLI is not there (yet), the key bot's own report does the same. */
export async function seedDemoServer(product: Product): Promise<string> {
  const demo = await runCli('src/cli/demo.ts', [], { DATA_DIR: product.dataDir });
  let how = 'npm run demo';
  if (demo.code !== 0) {
    how = `the bot report (npm run demo failed: ${demo.stderr.trim().split('\n')[0]})`;
    const { status, body } = await api(product, `/api/bot/guilds/${DEMO_SERVER_ID}`, {
      token: BOT_TOKEN,
      body: { name: 'Demo Server', icon: null, memberCount: 1234, channels: DEMO_CHANNELS, missingPermissions: [] },
    });
    if (status !== 200) throw new Error(`seeding the demo server answered ${status}: ${JSON.stringify(body)}`);
  }
  await eventually(async () => (await api(product, `/api/server/${DEMO_SERVER_ID}`)).status === 200, 'the demo server');
  return how;
}

/** A bot-reported server of any size (for the landing strip and the slot limit). */
export async function reportServer(product: Product, id: string, name: string, memberCount: number): Promise<void> {
  const { status } = await api(product, `/api/bot/guilds/${id}`, {
    token: BOT_TOKEN,
    body: {
      name,
      icon: null,
      memberCount,
      channels: [{ id: `${id.slice(0, -2)}11`, name: 'general' }],
      missingPermissions: [],
    },
  });
  if (status !== 200) throw new Error(`reporting server ${id} answered ${status}`);
}

export interface CreatedSubscriber {
  username: string;
  password: string;
  /** How it was created: through the admin API (with a plan) or the user CLI (no plan). */
  via: 'admin-api' | 'cli';
}

/** A subscriber with a plan (POST /api/admin/subscribers), or a plain user from the CLI when that route does not answer. */
export async function createSubscriber(
  product: Product,
  username: string,
  password: string,
  plan = { planName: 'Business', days: 30, maxSlots: 3 },
): Promise<CreatedSubscriber> {
  const adminToken = await tokenOf(product);
  const { status, body } = await api(product, '/api/admin/subscribers', {
    token: adminToken,
    body: { username, password, ...plan },
  });
  if (status === 201 || status === 200) {
    await eventually(
      async () => (await api(product, '/api/auth/login', { body: { username, password } })).status === 200,
      `login of ${username}`,
    );
    return { username, password, via: 'admin-api' };
  }
  if (status !== 404) throw new Error(`POST /api/admin/subscribers answered ${status}: ${JSON.stringify(body)}`);
  const cli = await runCli('src/cli/user.ts', ['create', username, '--password', password], {
    DATA_DIR: product.dataDir,
  });
  if (cli.code !== 0) throw new Error(`user create failed: ${cli.stderr}`);
  await eventually(
    async () => (await api(product, '/api/auth/login', { body: { username, password } })).status === 200,
    `login of ${username}`,
  );
  return { username, password, via: 'cli' };
}
