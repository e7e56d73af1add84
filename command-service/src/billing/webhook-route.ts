import { type Actor, billingApi, billingTexts, errorCodes } from '@vip/contracts';
import { type AppState, answeredOnCtx, type BillingConfig, DomainError, type MountedRoute, on } from '@vip/platform';
import type { Context } from 'koa';
import type Stripe from 'stripe';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { billing } from './billing.commands.ts';
import { unmatchedPayment } from './billing.fact-events.ts';
import { type ChargeNotice, chargedInvoiceOf, type ReadFact, readStripeEvent } from './stripe-events.ts';
import { PINNED_API_VERSION } from './stripe-shapes.ts';
import {
  StripeReadFailed,
  type StripeWebhookGateway,
  stripeWebhookGateway,
  withinDeadline,
} from './stripe-webhook-gateway.ts';
import { recordUnmatchedPayment } from './unmatched-payments.ts';

/** Who causes a Stripe event's facts: Stripe, through the webhook (no session, no person). */
const stripeActor: Actor = { kind: 'system', id: 'stripe' };

/** Whose fact it is and what it is, once Stripe was asked what the event does not say. */
interface Resolved {
  read: ReadFact;
  /** The subscriber; null for a Stripe customer this product did not make. */
  userId: string | null;
}

/**
 * Stripe's webhook: each event applied once on the subscriber's stream, read in whatever API
 * version the endpoint sends. What the event does not say (whose customer, which invoice a
 * charge paid) is asked of Stripe within a deadline; a slow or failing Stripe fails the
 * delivery before anything is appended, and Stripe delivers it again.
 */
export function billingWebhookRoute(deps: CommandDeps): MountedRoute {
  const config = deps.config.billing;
  const gateway = config ? stripeWebhookGateway(config) : null;
  /** The API versions already warned about: once each, not at every delivery. */
  const versionsWarned = new Set<string>();

  const warnOfVersion = (event: Stripe.Event) => {
    const version = event.api_version ?? 'unknown';
    if (version === PINNED_API_VERSION || versionsWarned.has(version)) return;
    versionsWarned.add(version);
    deps.logger.warn(
      { apiVersion: version, pinned: PINNED_API_VERSION },
      'Stripe sends webhook events in another API version than the product pins: they are read in both shapes, but give the endpoint the pinned version (docs/selling-plans.md)',
    );
  };

  const completeCharge = async (
    stripe: StripeWebhookGateway,
    settings: BillingConfig,
    notice: ChargeNotice,
  ): Promise<ReadFact | null> => {
    const charge =
      notice.customerId && (notice.paymentIntentId || notice.invoiceId) ? null : await stripe.chargeOf(notice.chargeId);
    const customerId = notice.customerId ?? charge?.customerId ?? null;
    if (!customerId) return null;
    const invoice = await stripe.invoiceOfPayment({
      invoiceId: notice.invoiceId,
      paymentIntentId: notice.paymentIntentId ?? charge?.paymentIntentId ?? null,
    });
    const fact = notice.factOf(customerId, invoice ? chargedInvoiceOf(invoice, settings) : null);
    // a charge's metadata is anyone's to write: its subscriber is its Stripe customer's
    return { fact, userId: null, customerId };
  };

  /** A paid invoice with Stripe's fee where it can be read: the revenue says which fees it could not. */
  const withFee = async (stripe: StripeWebhookGateway, read: ReadFact, event: Stripe.Event): Promise<ReadFact> => {
    if (read.fact.kind !== 'invoice-paid') return read;
    try {
      return { ...read, fact: { ...read.fact, stripeFee: await stripe.feeOfInvoice(read.fact.invoiceId) } };
    } catch (error) {
      if (!(error instanceof StripeReadFailed)) throw error;
      deps.logger.info(
        { stripe: error.detail, stripeEventId: event.id },
        "Stripe's fee of a payment could not be read",
      );
      return read;
    }
  };

  const resolve = async (stripe: StripeWebhookGateway, settings: BillingConfig, event: Stripe.Event) => {
    const found = readStripeEvent(event, settings);
    if (!found) return null;
    const read = found.notice ? await completeCharge(stripe, settings, found.notice) : found;
    if (!read) return null;
    const userId = read.userId ?? (await stripe.userOfCustomer(read.customerId));
    return { read: await withFee(stripe, read, event), userId } satisfies Resolved;
  };

  const answerStripeUnreachable = (ctx: Context, error: StripeReadFailed, event: Stripe.Event, what: string) => {
    // Stripe delivers again an event that was not answered 2xx
    deps.logger.warn({ stripe: error.detail, stripeEventId: event.id, type: event.type }, what);
    ctx.status = 503;
    ctx.set('Retry-After', '60');
    ctx.body = { error: billingTexts.stripeUnreachable, code: errorCodes.stripeUnreachable };
    return answeredOnCtx;
  };

  return on(billingApi.webhook, async ({ ctx }) => {
    if (!config || !gateway) throw new DomainError('not_found', billingTexts.billingOff, errorCodes.billingOff);
    const rawBody = (ctx.state as AppState).rawBody ?? Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      event = gateway.verifiedEvent(rawBody, ctx.get('stripe-signature') || undefined);
    } catch {
      throw new DomainError('invalid', billingTexts.badSignature, errorCodes.badStripeSignature);
    }
    warnOfVersion(event);
    let resolved: Resolved | null;
    try {
      resolved = await withinDeadline(resolve(gateway, config, event));
    } catch (error) {
      if (!(error instanceof StripeReadFailed)) throw error;
      return answerStripeUnreachable(ctx, error, event, 'Stripe did not say whose event this is');
    }
    if (!resolved) return { received: true };
    const stripeEvent = { id: event.id, at: new Date(event.created * 1000).toISOString() };
    const context = commandContext(ctx, stripeActor);
    const { read, userId } = resolved;
    if (!userId) {
      const unmatched = unmatchedPayment(read.fact, {
        userId: null,
        stripeEventId: stripeEvent.id,
        stripeEventAt: stripeEvent.at,
      });
      deps.logger.warn(
        { stripeEventId: event.id, type: event.type, recorded: unmatched !== null },
        'a Stripe event about no subscriber of this product',
      );
      if (unmatched) await recordUnmatchedPayment(deps, { type: 'RecordUnmatchedPayment', event: unmatched }, context);
      return { received: true };
    }
    try {
      const { events } = await billing(
        deps,
        { type: 'ApplyStripeEvent', userId, stripeEvent, graceDays: config.graceDays, fact: read.fact },
        context,
        {
          // a refund or chargeback that ends the plan stops the subscription first: should Stripe not
          // answer, nothing is appended and the delivery Stripe retries cancels it then
          beforeAppend: async (decided) => {
            for (const decidedEvent of decided) {
              const cancels =
                'cancelledSubscriptionId' in decidedEvent.data && decidedEvent.data.cancelledSubscriptionId;
              if (cancels) await withinDeadline(gateway.cancelSubscription(cancels));
            }
          },
        },
      );
      if (events.length === 0)
        deps.logger.info(
          { stripeEventId: event.id, type: event.type },
          'a Stripe event changed nothing (applied already, or nothing to apply it to)',
        );
    } catch (error) {
      if (!(error instanceof StripeReadFailed)) throw error;
      return answerStripeUnreachable(
        ctx,
        error,
        event,
        'Stripe did not cancel the subscription of a refund or chargeback',
      );
    }
    return { received: true };
  });
}
