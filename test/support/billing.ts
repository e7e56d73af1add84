import net from 'node:net';
import type { SubscriptionPanelView } from '@vip/contracts';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from './all-in-one.ts';
import { runCli } from './cli.ts';
import { FakeStripe, PRICES, stripeEnv } from './fake-stripe/fake-stripe.ts';
import { api, login } from './http.ts';
import { streamEvents } from './seed.ts';

/** A port nobody listens on now, for a product whose PUBLIC_URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The env of a product selling through `fake` at its own address (billing on requires PUBLIC_URL). */
export async function billingEnv(fake: FakeStripe, extra: Record<string, string> = {}) {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...stripeEnv(fake, extra) };
}

/**
 * The product selling plans through a fake Stripe, as a suite's before/after hooks; `prepare`
 * sets up the fake's account (its prices) before the product starts and reads it.
 */
export function useBillingProduct(extraEnv: Record<string, string> = {}, prepare?: (fake: FakeStripe) => void) {
  const world = {} as { fake: FakeStripe; product: SpawnedProduct };
  before(async () => {
    world.fake = await FakeStripe.start();
    prepare?.(world.fake);
    world.product = await startAllInOne({ env: await billingEnv(world.fake, extraEnv) });
    world.fake.webhookUrl = `${world.product.url}/api/billing/webhook`;
  });
  after(async () => {
    await world.product?.stop();
    await world.fake?.close();
    if (world.product) removeDataDir(world.product.dataDir);
  });
  return world;
}

/** A panel user without a plan (as Discord sign-up or `npm run user` makes them), signed in. */
export async function newUser(product: SpawnedProduct, username: string): Promise<{ id: string; token: string }> {
  const password = `${username}-password-1`;
  const created = await runCli('src/cli/user.ts', ['create', username, '--password', password], {
    DATA_DIR: product.dataDir,
  });
  expect(created.code, created.stderr).to.equal(0);
  const id = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
  return { id, token: await login(product.url, username, password) };
}

export interface Buyer {
  id: string;
  token: string;
  customer: string;
  subscription: string;
  charge: string;
  priceId: string;
}

/** A user who bought a plan: checkout, then the fake's checkout page paid (its webhooks delivered). */
export async function buyer(
  world: { fake: FakeStripe; product: SpawnedProduct },
  username: string,
  plan: 'Basic' | 'Business' = 'Business',
): Promise<Buyer> {
  const user = await newUser(world.product, username);
  return { ...user, ...(await pays(world, user.token, plan)) };
}

/** A signed-in user's checkout, paid on the fake's page (its webhooks delivered). */
export async function pays(
  world: { fake: FakeStripe; product: SpawnedProduct },
  token: string,
  plan: 'Basic' | 'Business',
): Promise<Omit<Buyer, 'id' | 'token'>> {
  const checkout = await api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan } });
  expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(checkout.body.url)![1];
  const { session, subscription, charge } = await world.fake.pay(sessionId);
  return { customer: session.customer, subscription, charge, priceId: PRICES[plan] };
}

export async function panelOf(product: SpawnedProduct, token: string): Promise<SubscriptionPanelView> {
  const answer = await api<SubscriptionPanelView>(product.url, 'GET', '/api/user/subscription', { token });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return answer.body;
}

/** The types of the events on a subscriber's stream, in order. */
export async function planEventTypes(product: SpawnedProduct, userId: string): Promise<string[]> {
  return (await streamEvents(product.dataDir, `subscription-${userId}`)).map((event) => event.type);
}

export const days = (value: number) => value * 86_400_000;
