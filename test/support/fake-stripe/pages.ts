import type { CheckoutSession } from './fake-stripe.ts';

const htmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const euros = (cents: number) => `€${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Stripe's hosted checkout page, reduced to what a test pays with: one button. */
export function checkoutPage(session: CheckoutSession, amount: number, interval = 'month'): string {
  const plan = session.metadata.plan ?? 'plan';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body>
  <main>
    <h1>Subscribe to ${htmlText(plan)}</h1>
    <p>${euros(amount)} per ${htmlText(interval)}</p>
    <form method="post" action="/checkout/${htmlText(session.id)}/pay">
      <button type="submit">Pay ${euros(amount)}</button>
    </form>
    <p><a href="${htmlText(session.cancel_url)}">Back</a></p>
  </main>
</body></html>`;
}

/** Stripe's customer portal, reduced to its way back. */
export function portalPage(returnUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Stripe customer portal</title></head>
<body>
  <main>
    <h1>Manage your subscription</h1>
    <p><a href="${htmlText(returnUrl)}">Return to VIP access</a></p>
  </main>
</body></html>`;
}
