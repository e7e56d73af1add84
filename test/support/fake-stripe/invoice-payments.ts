/**
 * The money side of the fake Stripe (#27): the invoices it made, the invoice payments that tie
 * a payment intent to its invoice (since basil a charge no longer names it), the payment
 * intents with their charge's balance transaction (Stripe's fee), and a Stripe that answers
 * slowly.
 */
type Send = (status: number, body: unknown) => void;

export interface InvoiceLike {
  id: string;
  object: string;
}

export class StripeMoney {
  readonly invoices = new Map<string, InvoiceLike>();
  /** payment intent → invoice id. */
  readonly invoiceOfPayment = new Map<string, string>();
  /** How long each API call waits before its answer (a slow Stripe). */
  delayMs = 0;

  /** payment intent → its charge. */
  readonly chargeOfPayment = new Map<string, { id: string; amount: number }>();

  /** A paid period's invoice and the charge (of a payment intent) that paid it. */
  paid(invoice: InvoiceLike, charge: { id: string; amount: number; payment_intent: string }) {
    this.invoices.set(invoice.id, invoice);
    this.invoiceOfPayment.set(charge.payment_intent, invoice.id);
    this.chargeOfPayment.set(charge.payment_intent, charge);
  }

  /** Answers the calls of this side of Stripe; false for any other. */
  answer(method: string, path: string, form: Record<string, unknown>, send: Send): boolean {
    const missing = () =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
    const invoice = /^\/v1\/invoices\/(\w+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const found = this.invoices.get(invoice[1]);
      found ? send(200, found) : missing();
      return true;
    }
    if (method === 'GET' && path === '/v1/invoice_payments' && typeof form.invoice === 'string') {
      const paidBy = [...this.invoiceOfPayment].find(([, invoiceId]) => invoiceId === form.invoice)?.[0];
      const data = paidBy
        ? [
            {
              id: `inpay_${form.invoice}`,
              object: 'invoice_payment',
              invoice: form.invoice,
              payment: { type: 'payment_intent', payment_intent: paidBy },
              status: 'paid',
            },
          ]
        : [];
      send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      return true;
    }
    const paymentIntent = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (method === 'GET' && paymentIntent) {
      const charge = this.chargeOfPayment.get(paymentIntent[1]);
      if (!charge) {
        missing();
        return true;
      }
      const expanded = Object.values((form.expand ?? {}) as Record<string, string>).includes(
        'latest_charge.balance_transaction',
      );
      // Stripe's fee as a European card's: 1.5 % + €0.25
      const fee = {
        id: `txn_${charge.id}`,
        object: 'balance_transaction',
        fee: Math.round(charge.amount * 0.015) + 25,
        currency: 'eur',
      };
      send(200, {
        id: paymentIntent[1],
        object: 'payment_intent',
        latest_charge: expanded ? { ...charge, balance_transaction: fee } : charge.id,
      });
      return true;
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const payment = (form.payment ?? {}) as { type?: string; payment_intent?: string };
      if (payment.type !== 'payment_intent' || !payment.payment_intent) {
        send(400, { error: { type: 'invalid_request_error', message: 'payment[type] and payment[payment_intent]' } });
        return true;
      }
      const invoiceId = this.invoiceOfPayment.get(payment.payment_intent);
      const expanded = Object.values((form.expand ?? {}) as Record<string, string>).includes('data.invoice');
      const data = invoiceId
        ? [
            {
              id: `inpay_${invoiceId}`,
              object: 'invoice_payment',
              invoice: expanded ? this.invoices.get(invoiceId) : invoiceId,
              is_default: true,
              payment: { type: 'payment_intent', payment_intent: payment.payment_intent },
              status: 'paid',
            },
          ]
        : [];
      send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      return true;
    }
    return false;
  }
}
