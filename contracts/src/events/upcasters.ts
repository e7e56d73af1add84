import type { EventMetadata } from './metadata.ts';

/**
 * An event is never edited (docs/architecture.md): when an event type needs a new shape, its
 * version in `eventSchemas` goes up, writers write the new shape, and an upcaster here turns
 * every older shape into the next one when the event is read back. Readers (deciders,
 * projectors, bots) therefore only ever see today's shape, and a log written years ago still
 * replays into today's read models.
 */
type EventData = Record<string, unknown>;
export type Upcaster = (data: EventData) => EventData;

/** A v1 refund or dispute named no invoice: the product had not asked Stripe for it. */
const unknownInvoice = {
  invoiceId: null,
  invoiceSubscriptionId: null,
  chargedPlanName: null,
  periodEnd: null,
  cancelledSubscriptionId: null,
};

/**
 * `upcasters[type][v]` turns the data of version `v` into version `v + 1`. A type at version
 * N needs an entry for each of 1 … N−1 (a contracts test checks it).
 */
export const upcasters: Readonly<Record<string, Readonly<Record<number, Upcaster>>>> = {
  // v2: users have an avatar (spec §3); nobody had chosen one before
  UserRegistered: {
    1: (data) => ({ ...data, avatar: null }),
  },
  // v2: slots follow the plan unless an admin overrides them; v1's maxSlots was always the admin's number
  SubscriptionStarted: {
    1: ({ maxSlots, ...data }) => ({ ...data, slotsOverride: maxSlots }),
  },
  SubscriptionExtended: {
    1: ({ maxSlots, ...data }) => ({ ...data, slotsOverride: maxSlots }),
  },
  // v2: the poster bot's embed (title, description, image) and re-posts; older posts were bare links
  VideoPostScheduled: {
    1: (data) => ({ ...data, title: null, description: null, imageUrl: null, repostOf: null }),
  },
  // v2: a claim names the Discord account that proved management; claims before proof existed are unverified
  ServerClaimed: {
    1: (data) => ({ ...data, discordUserId: null }),
  },
  // v2: a release may carry an admin's reason; earlier releases gave none
  ServerReleased: {
    1: (data) => ({ ...data, reason: null }),
  },
  // v2: member counts have a stream of their own; a v1 report keeps the count it carried, which readers still take
  GuildReported: {
    1: (data) => data,
  },
  // v2: one page load is one visit; a v1 visit without a server was the twin of one with it
  VisitRecorded: {
    1: (data) => (data.guildId === null ? { ...data, twin: true } : data),
    // v3: the visitor is named by HMAC(the day's key, address); a v2 digest, HMAC(the deployment's
    // secret, address), has the same shape and counts the same: only the operator's rewrite of an
    // old log (npm run audit -- rewrite-personal-data) needs to tell them apart
    2: (data) => data,
  },
  // v2: the visitor is named as a v3 visit names it (above)
  KeyGenerated: {
    1: (data) => data,
  },
  // v2 of Stripe's facts: what older events did not record is unknown (null), never made up
  BillingInvoicePaid: {
    1: (data) => ({ ...data, stripeFee: null }),
  },
  BillingPaymentFailed: {
    1: (data) => ({ ...data, nextPaymentAttempt: null }),
  },
  BillingSubscriptionChanged: {
    1: (data) => ({ ...data, stripeStatus: null }),
  },
  BillingChargeRefunded: {
    1: (data) => ({ ...data, ...unknownInvoice }),
  },
  // every v1 dispute was taken for a chargeback (it ended the plan)
  BillingChargeDisputed: {
    1: (data) => ({ ...data, status: 'needs_response', ...unknownInvoice }),
  },
};

/** The version an event was written in; events written before versions were recorded are 1. */
export function storedSchemaVersion(metadata: Partial<EventMetadata> | null | undefined): number {
  const version = metadata?.schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : 1;
}

/** Brings data written in `from` up to version `to`, one step at a time. */
export function upcast(type: string, data: unknown, from: number, to: number): unknown {
  if (from === to) return data;
  if (from > to)
    throw new Error(`${type} v${from} was written by a newer version of the product (this one knows v${to})`);
  let current = data as EventData;
  for (let version = from; version < to; version++) {
    const step = upcasters[type]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} from v${version} to v${version + 1}`);
    if (current === null || typeof current !== 'object') throw new Error(`${type} v${version}: data is not an object`);
    current = step(current);
  }
  return current;
}
