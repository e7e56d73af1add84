import { type PlanFeature, type PlanHolding, planIncludes } from '@vip/contracts';
import type { EventFeed, FedEvent } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { VerifiedOwners } from './verified-owners.ts';

interface Plan {
  planName: string;
  slotsOverride: number | null;
  /** ms since the epoch; an ended plan's expiry is its end. */
  expiresAt: number;
}

interface StandingsSnapshot {
  owners: [string, string][];
  plans: [string, Plan][];
  suspended: string[];
}

const handled = [
  'ServerClaimed',
  'ServerReleased',
  'ServerTakenOver',
  'SubscriptionStarted',
  'SubscriptionExtended',
  'SubscriptionEnded',
  'ServerSuspended',
  'ServerSuspensionLifted',
  // plans Stripe bills: each fact carries the plan as it stands after it
  'BillingCheckoutCompleted',
  'BillingInvoicePaid',
  'BillingPaymentFailed',
  'BillingPaymentActionRequired',
  'BillingInvoiceUncollectible',
  'BillingSubscriptionChanged',
  'BillingSubscriptionCancelled',
  'BillingChargeRefunded',
  'BillingChargeDisputed',
] as const;

/**
 * What the key bot knows of a server's standing, folded from the log: who holds it, their
 * plan, and whether an admin suspended it. A plan's end is a time: each question is asked
 * with `now`, so the bot stops acting the moment a plan runs out and acts again as soon as
 * an extension is in the log, with nothing scheduled in between.
 */
export class ServerStandings implements SnapshotPart<StandingsSnapshot> {
  readonly name = 'standings';
  private readonly owners = new Map<string, string>();
  private readonly plans = new Map<string, Plan>();
  private readonly suspended = new Set<string>();

  /** H6's fold of proofs of management (decisions.md §9); without it every owner counts as verified. */
  constructor(private readonly verifiedOwners?: VerifiedOwners) {}

  attach(feed: EventFeed): void {
    feed.on(handled, (event) => this.apply(event));
  }

  saveState(): StandingsSnapshot {
    return { owners: [...this.owners], plans: [...this.plans], suspended: [...this.suspended] };
  }

  restoreState(state: StandingsSnapshot): void {
    refill(this.owners, state.owners);
    refill(this.plans, state.plans);
    this.suspended.clear();
    for (const guildId of state.suspended) this.suspended.add(guildId);
  }

  apply(event: FedEvent<(typeof handled)[number]>): void {
    switch (event.type) {
      case 'ServerClaimed':
      case 'ServerTakenOver':
        this.owners.set(event.data.guildId, event.data.userId);
        return;
      case 'ServerReleased':
        if (this.owners.get(event.data.guildId) === event.data.userId) this.owners.delete(event.data.guildId);
        return;
      case 'SubscriptionStarted': {
        const { userId, planName, slotsOverride, expiresAt } = event.data;
        this.plans.set(userId, { planName, slotsOverride, expiresAt: Date.parse(expiresAt) });
        return;
      }
      case 'SubscriptionExtended': {
        const plan = this.plans.get(event.data.userId);
        if (plan)
          this.plans.set(event.data.userId, {
            ...plan,
            slotsOverride: event.data.slotsOverride,
            expiresAt: Date.parse(event.data.expiresAt),
          });
        return;
      }
      case 'SubscriptionEnded': {
        const plan = this.plans.get(event.data.userId);
        if (plan) this.plans.set(event.data.userId, { ...plan, expiresAt: Date.parse(event.data.endedAt) });
        return;
      }
      case 'ServerSuspended':
        this.suspended.add(event.data.guildId);
        return;
      case 'ServerSuspensionLifted':
        this.suspended.delete(event.data.guildId);
        return;
      default: {
        // a Stripe fact: the plan as the write side decided it (an admin's slots kept)
        const { userId, plan } = event.data;
        const slotsOverride = this.plans.get(userId)?.slotsOverride ?? null;
        this.plans.set(userId, { planName: plan.name, slotsOverride, expiresAt: Date.parse(plan.expiresAt) });
        return;
      }
    }
  }

  /** Who holds the server; undefined when nobody does. */
  ownerOf(guildId: string): string | undefined {
    return this.owners.get(guildId);
  }

  /** The owner's plan at `now`; null when nobody holds the server or the owner never had a plan. */
  planOf(guildId: string, now: number): PlanHolding | null {
    const ownerId = this.owners.get(guildId);
    const plan = ownerId === undefined ? undefined : this.plans.get(ownerId);
    if (!plan) return null;
    return { planName: plan.planName, slotsOverride: plan.slotsOverride, active: plan.expiresAt > now };
  }

  /** An admin suspended the server: the bot answers its members that access is restricted. */
  isSuspended(guildId: string): boolean {
    return this.suspended.has(guildId);
  }

  /** The owner's plan ended: greetings and auto-ping pause, their settings kept (decisions.md §11). */
  planEnded(guildId: string, now: number): boolean {
    const plan = this.planOf(guildId, now);
    return plan !== null && !plan.active;
  }

  /** The owner's running plan includes this (the custom verification message). */
  includes(guildId: string, feature: PlanFeature, now: number): boolean {
    return planIncludes(this.planOf(guildId, now), feature);
  }

  /**
   * The one place that says whether the bot acts on an owner's settings of a server
   * (greetings, auto-ping): only a verified owner's (decisions.md §9), not while it is
   * suspended, not once the owner's plan ended.
   */
  actsOnOwnerSettings(guildId: string, now: number): boolean {
    return this.hasVerifiedOwner(guildId) && !this.isSuspended(guildId) && !this.planEnded(guildId, now);
  }

  /** The server is held by someone who proved they manage it in Discord. */
  hasVerifiedOwner(guildId: string): boolean {
    return this.verifiedOwners?.hasVerifiedOwner(guildId) ?? true;
  }
}
