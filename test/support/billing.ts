import { expect } from 'chai';
import type { SubscriptionPanelView } from '@vip/contracts';
import { removeDataDir, startAllInOne, type SpawnedProduct } from './all-in-one.ts';
import { runCli } from './cli.ts';
import { FakeStripe, PRICES, stripeEnv } from './fake-stripe/fake-stripe.ts';
import { api, login } from './http.ts';
import { streamEvents } from './seed.ts';

/** The product selling plans through a fake Stripe, as a suite's before/after hooks. */
export function useBillingProduct(extraEnv: Record<string, string> = {}) {
  const world = {} as { fake: FakeStripe; product: SpawnedProduct };
  before(async () => {
    world.fake = await FakeStripe.start();
    world.product = await startAllInOne({ env: stripeEnv(world.fake, extraEnv) });
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
  const checkout = await api(world.product.url, 'POST', '/api/billing/checkout', { token: user.token, body: { plan } });
  expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(checkout.body.url)![1];
  const { session, subscription, charge } = await world.fake.pay(sessionId);
  return { ...user, customer: session.customer, subscription, charge, priceId: PRICES[plan] };
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
