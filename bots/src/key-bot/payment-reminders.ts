import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'client' | 'config' | 'logger'>;

/** A failed payment the subscriber is owed a word about. */
interface Owed {
  userId: string;
  planName: string;
  /** ms since the epoch: past this, the plan is no longer past due and the word is moot. */
  graceUntil: number;
}

interface Saved {
  discordOf: [string, string][];
  owed: [string, Owed][];
  told: string[];
}

/** Discord's code for "Cannot send messages to this user" (DMs closed, or no server shared). */
const CANNOT_DM = 50007;
/** How many told invoices are remembered: enough for every failure still in its grace, bounded. */
const TOLD_KEPT = 10_000;

/**
 * A failed card told to the subscriber outside the panel: when a payment of a plan Stripe
 * bills fails, the key bot sends the subscriber whose Discord account is linked one direct
 * message per failed invoice (Stripe's retries of it do not repeat it), saying until when
 * everything stays on and where to update the card. Best effort: a subscriber whose DMs are
 * closed is not told, and the log says Discord refused. A failure that happened while the
 * bot was away is told when it is back, while the plan is still past due; one settled since
 * is not.
 */
export class PaymentReminders implements KeyBotPart, SnapshotPart<Saved> {
  readonly name = 'paymentReminders';
  /** product user → linked Discord account. */
  private readonly discordOf = new Map<string, string>();
  /** invoice → who is owed a word about its failure. */
  private readonly owed = new Map<string, Owed>();
  /** Invoices whose failure was told (or found moot). */
  private readonly told = new Set<string>();
  private context: Connected | undefined;

  attach(feed: EventFeed): void {
    feed.on(
      ['DiscordAccountLinked', 'DiscordAccountUnlinked', 'BillingPaymentFailed', 'BillingInvoicePaid'],
      (event) => {
        switch (event.type) {
          case 'DiscordAccountLinked':
            this.discordOf.set(event.data.userId, event.data.discordUserId);
            return;
          case 'DiscordAccountUnlinked':
            if (this.discordOf.get(event.data.userId) === event.data.discordUserId)
              this.discordOf.delete(event.data.userId);
            return;
          case 'BillingInvoicePaid':
            // paid after all: nothing to tell any more
            this.owed.delete(event.data.invoiceId);
            return;
          case 'BillingPaymentFailed': {
            const { invoiceId, userId, billing, plan } = event.data;
            if (this.told.has(invoiceId) || billing.status !== 'past_due' || !billing.graceUntil) return;
            this.owed.set(invoiceId, { userId, planName: plan.name, graceUntil: Date.parse(billing.graceUntil) });
            if (this.context) void this.tell(invoiceId);
            return;
          }
        }
      },
    );
  }

  saveState(): Saved {
    return { discordOf: [...this.discordOf], owed: [...this.owed], told: [...this.told].slice(-TOLD_KEPT) };
  }

  restoreState(state: Saved): void {
    refill(this.discordOf, state.discordOf);
    refill(this.owed, state.owed);
    this.told.clear();
    for (const invoiceId of state.told) this.told.add(invoiceId);
  }

  /** Once connected: the failures owed a word while the bot was away, still past due, are told. */
  start(context: Connected): void {
    this.context = context;
    for (const invoiceId of [...this.owed.keys()]) void this.tell(invoiceId);
  }

  stop(): void {
    this.context = undefined;
  }

  private async tell(invoiceId: string): Promise<void> {
    const context = this.context;
    const owed = this.owed.get(invoiceId);
    if (!context || !owed) return;
    // told once, whatever Discord answers: a closed DM stays closed at the next retry
    this.owed.delete(invoiceId);
    this.told.add(invoiceId);
    if (this.told.size > TOLD_KEPT) this.told.delete(this.told.values().next().value!);
    const discordUserId = this.discordOf.get(owed.userId);
    if (!discordUserId || owed.graceUntil <= Date.now()) return;
    const panelUrl = `${context.config.publicUrl}/panel?tab=subscription`;
    try {
      await context.client.users.send(discordUserId, {
        content: keyBotTexts.paymentFailed(owed.planName, new Date(owed.graceUntil), panelUrl),
        allowedMentions: { parse: [] },
      });
      context.logger.info(
        { userId: owed.userId, invoiceId },
        'told a subscriber by direct message that a payment failed',
      );
    } catch (error) {
      const code = (error as { code?: number }).code;
      context.logger.warn(
        { userId: owed.userId, invoiceId, discordCode: code },
        code === CANNOT_DM
          ? 'Discord refused a direct message about a failed payment (the member accepts no DMs from the bot)'
          : 'a direct message about a failed payment could not be sent',
      );
    }
  }
}
