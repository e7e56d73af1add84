import { STRIPE_API_VERSION } from '@vip/platform';
import type Stripe from 'stripe';

/**
 * A webhook endpoint renders its events in the API version it was made with, not the one the
 * `stripe` package pins: an account opened in 2024 sends `2024-06-20` shapes. The product
 * reads both: the pinned shape (the package's types) and the fields the older versions had
 * instead, which the `2025-03-31.basil` version moved (named here, so that reading them is
 * typed too). Everything the product asks Stripe itself comes in the pinned version.
 */
export const PINNED_API_VERSION = STRIPE_API_VERSION;

/** An invoice before basil: its subscription and our metadata at the top, the charge and payment it was paid by. */
export interface InvoiceBeforeBasil {
  subscription: string | Stripe.Subscription | null;
  subscription_details: { metadata: Stripe.Metadata | null } | null;
  charge: string | Stripe.Charge | null;
  payment_intent: string | Stripe.PaymentIntent | null;
}

/** An invoice line before basil: its price at the top (basil moved it to `pricing.price_details`). */
export interface InvoiceLineBeforeBasil {
  price: Pick<Stripe.Price, 'id'> | null;
}

/** A subscription before basil: its period at the top (basil moved it to each item). */
export interface SubscriptionBeforeBasil {
  current_period_start: number;
  current_period_end: number;
}

/** A charge before basil names its invoice. */
export interface ChargeBeforeBasil {
  invoice: string | Stripe.Invoice | null;
}

/** What a webhook may carry: the pinned shape, or the older one, field by field. */
export type AnyInvoice = Omit<Stripe.Invoice, 'parent' | 'lines'> & {
  parent?: Stripe.Invoice['parent'];
  lines?: { data: AnyInvoiceLine[] };
} & Partial<InvoiceBeforeBasil>;
export type AnyInvoiceLine = Omit<Stripe.InvoiceLineItem, 'pricing'> & {
  pricing?: Stripe.InvoiceLineItem['pricing'];
} & Partial<InvoiceLineBeforeBasil>;
export type AnySubscriptionItem = Omit<Stripe.SubscriptionItem, 'current_period_end'> & {
  current_period_end?: number;
};
export type AnySubscription = Omit<Stripe.Subscription, 'items'> & {
  items: { data: AnySubscriptionItem[] };
} & Partial<SubscriptionBeforeBasil>;
export type AnyCharge = Stripe.Charge & Partial<ChargeBeforeBasil>;

export const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : (value.id ?? null);

/** The subscription an invoice bills, in either shape. */
export const subscriptionOfInvoice = (invoice: AnyInvoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);

/** Our metadata on the subscription an invoice bills, in either shape. */
export const metadataOfInvoice = (invoice: AnyInvoice): Stripe.Metadata | null =>
  invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata ?? null;

/** The price an invoice line charges, in either shape. */
export const priceOfLine = (line: AnyInvoiceLine): string | null =>
  idOf(line.pricing?.price_details?.price ?? line.price ?? null);

/** The end of the period a subscription's first item is paid for, in either shape. */
export const periodEndOfSubscription = (subscription: AnySubscription): number | null =>
  subscription.items?.data?.[0]?.current_period_end ?? subscription.current_period_end ?? null;
