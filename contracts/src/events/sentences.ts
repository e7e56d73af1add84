import { moneyText } from '../money.ts';
import type { LogSealed } from './audit.ts';
import type { PaymentFactKind } from './billing.ts';
import type { EventDataOf, EventType } from './index.ts';
import {
  actorName,
  clock,
  count,
  day,
  key,
  member,
  plural,
  quoted,
  type SentenceContext,
  serverName as server,
  shortDigest,
  shortId,
  userName as user,
} from './sentence-words.ts';

export * from './sentence-words.ts';

type Sentence<T extends EventType> = (data: EventDataOf<T>, context: SentenceContext) => string;

/** "by admin" when someone other than the person the event is about caused it. */
const by = (subjectId: string, context: SentenceContext): string =>
  context.actor.id === subjectId || context.actor.kind === 'system' ? '' : ` by ${actorName(context)}`;

const vipRoleProblemWords = {
  'missing-permissions': 'it lacks Manage Roles',
  'role-above-bot': 'the VIP role is above its own',
  'role-managed': 'the VIP role belongs to an integration',
  'unknown-role': 'the VIP role no longer exists',
};

const proofWays = {
  oauth: 'signing in with Discord',
  'link-command': '/link',
  'bot-roles': 'the key bot reading roles',
};

/**
 * Every event type in one line of the product's words, as the audit screen and the export
 * show it above the event's data ("admin signed in", "a visitor generated a key for Demo
 * Server through a one-time link"). Written once, here, for the event's data in today's
 * shape; the typecheck and contracts/test/sentences.test.ts keep one for every type.
 */
export const eventSentences: { [T in EventType]: Sentence<T> } = {
  UserRegistered: (d, c) =>
    `${d.username} was registered as ${d.isAdmin ? 'an admin' : 'a subscriber'}${by(d.userId, c)}`,
  UsernameReserved: (d) => `the username ${d.username} was reserved`,
  SessionStarted: (d, c) => `${user(d.userId, c)} signed in`,
  SessionEnded: (d, c) =>
    c.actor.id === d.userId
      ? `${user(d.userId, c)} signed out`
      : `a session of ${user(d.userId, c)} was ended${by(d.userId, c)}`,
  AnnouncementPosted: (d, c) =>
    `${user(d.authorId, c)} posted the ${d.priority}-priority announcement ${quoted(d.title)}`,
  AnnouncementDeleted: (d, c) => `${actorName(c)} deleted announcement ${shortId(d.announcementId)}`,
  UserDeleted: (d, c) =>
    `${d.by === 'self' ? `${user(d.userId, c)} deleted their account` : `the account of ${user(d.userId, c)} was deleted on request${by(d.userId, c)}`}${d.stripeSubscriptionCancelled ? ` (Stripe subscription ${d.stripeSubscriptionCancelled} cancelled at once)` : ''}`,
  PasswordChanged: (d, c) =>
    c.actor.id === d.userId
      ? `${user(d.userId, c)} changed their password`
      : `the password of ${user(d.userId, c)} was changed${by(d.userId, c)}`,
  GuildReported: (d) =>
    `the key bot reported ${d.name}${d.memberCount === undefined ? '' : ` (${plural(d.memberCount, 'member')})`}`,
  GuildLeft: (d, c) => `the key bot left ${server(d.guildId, c)}`,
  GuildMemberCountReported: (d, c) =>
    `the key bot counted ${plural(d.memberCount, 'member')} on ${server(d.guildId, c)}`,
  ServerClaimed: (d, c) =>
    `${user(d.userId, c)} claimed ${server(d.guildId, c)}${d.discordUserId ? `, proven by ${member(d.discordUserId)}` : ' (unverified)'}`,
  ServerReleased: (d, c) =>
    `${server(d.guildId, c)} was released from ${user(d.userId, c)}${by(d.userId, c)}${d.reason ? `: ${quoted(d.reason)}` : ''}`,
  SubscriberServerAdded: (d, c) => `${user(d.userId, c)} added ${server(d.guildId, c)} to their servers`,
  SubscriberServerChanged: (d, c) =>
    `${user(d.userId, c)} changed their server ${server(d.oldGuildId, c)} for ${server(d.newGuildId, c)}`,
  SubscriberServerRemoved: (d, c) =>
    `${server(d.guildId, c)} left the servers of ${user(d.userId, c)} (${d.cause === 'taken-over' ? 'taken over by a manager' : 'released by an admin'})`,
  ServerTakenOver: (d, c) =>
    `${user(d.userId, c)} took ${server(d.guildId, c)} over from ${user(d.previousUserId, c)}, proven by ${member(d.discordUserId)}`,
  ServerClaimVerified: (d, c) =>
    `the claim of ${user(d.userId, c)} on ${server(d.guildId, c)} was verified by ${member(d.discordUserId)}`,
  ServerClaimUnverified: (d, c) =>
    `the claim of ${user(d.userId, c)} on ${server(d.guildId, c)} is unverified again: ${member(d.discordUserId)} ${d.reason === 'account-unlinked' ? 'was unlinked from the account' : 'no longer manages it in Discord'}`,
  GreetingConfigured: (d, c) =>
    `${actorName(c)} ${d.enabled ? 'turned on' : 'saved, turned off,'} the greeting of ${server(d.guildId, c)}${d.channelId ? ` in channel ${shortId(d.channelId)}` : ''}, ${d.delay} s after joining`,
  GreetingRemoved: (d, c) => `${actorName(c)} removed the greeting of ${server(d.guildId, c)}`,
  AccessHashIssued: (d, c) =>
    `a one-time link to the key page of ${server(d.guildId, c)} was issued, valid until ${clock(d.expiresAt, c)}`,
  AccessHashUsed: (d, c) =>
    `a one-time link to the key page of ${server(d.guildId, c)} was used for ${key(d.keyDigest)}`,
  KeyGenerated: (d, c) =>
    `${actorName(c)} generated a ${d.tier === 'premium' ? 'premium ' : ''}key for ${server(d.guildId, c)}${d.accessHashDigest ? ' through a one-time link' : ''} (${key(d.keyDigest)}, valid until ${clock(d.expiresAt, c)})`,
  KeyRedeemed: (d, c) => `${member(d.discordUserId)} redeemed ${key(d.keyDigest)} on ${server(d.guildId, c)}`,
  VipRoleGranted: (d, c) =>
    `${member(d.discordUserId)} redeemed ${key(d.keyDigest)}, VIP until ${clock(d.until, c)}${d.capped ? ' (the most a window may last)' : ''} on ${server(d.guildId, c)}`,
  VipRoleRemoved: (d, c) => `the VIP role of ${member(d.discordUserId)} on ${server(d.guildId, c)} ended`,
  VipRoleFailed: (d, c) =>
    `Discord refused the key bot ${d.action === 'grant' ? 'giving' : 'taking back'} the VIP role of ${member(d.discordUserId)} on ${server(d.guildId, c)} (${vipRoleProblemWords[d.problem]})`,
  VipRoleFixed: (d, c) => `the key bot could change VIP roles on ${server(d.guildId, c)} again`,
  VipWindowEnded: (d, c) =>
    `the VIP window of ${member(d.discordUserId)} on ${server(d.guildId, c)} was ended before its time, as the member asked to be erased`,
  VisitRecorded: (d, c) =>
    d.twin
      ? 'a visitor opened a key page (the twin of a visit counted with its server)'
      : `a visitor opened ${d.guildId ? `the key page of ${server(d.guildId, c)}` : 'a key page'}`,
  SubscriptionStarted: (d, c) =>
    `the ${d.planName} plan of ${user(d.userId, c)} started${by(d.userId, c)}, until ${day(d.expiresAt)}${d.slotsOverride ? `, with ${plural(d.slotsOverride, 'server slot')}` : ''}`,
  SubscriptionExtended: (d, c) =>
    `the plan of ${user(d.userId, c)} was extended by ${plural(d.days, 'day')}${by(d.userId, c)}, until ${day(d.expiresAt)}`,
  SubscriptionEnded: (d, c) => `the plan of ${user(d.userId, c)} ended${by(d.userId, c)}`,
  WhitelistEntryAdded: (d, c) =>
    `${actorName(c)} whitelisted ${member(d.userId)} on ${server(d.guildId, c)} (${d.duration === 'lifetime' ? 'no end' : d.expiresAt ? `until ${day(d.expiresAt)}` : d.duration})`,
  WhitelistEntryRemoved: (d, c) =>
    `${actorName(c)} removed ${member(d.userId)} from the whitelist of ${server(d.guildId, c)}`,
  WhitelistRoleRemoved: (d, c) =>
    `the key bot settled the ended whitelist entry of ${member(d.userId)} on ${server(d.guildId, c)}`,
  ServerSuspended: (d, c) => `${actorName(c)} suspended ${server(d.guildId, c)}: ${quoted(d.reason)}`,
  ServerSuspensionLifted: (d, c) => `${actorName(c)} lifted the suspension of ${server(d.guildId, c)}`,
  VerificationMessageConfigured: (d, c) =>
    `${actorName(c)} set the verification message of ${server(d.guildId, c)} to ${quoted(d.title)}`,
  VerificationMessageReset: (d, c) =>
    `${actorName(c)} put the verification message of ${server(d.guildId, c)} back to the default`,
  ServerSponsorSet: (d, c) => `the sponsor link of ${server(d.guildId, c)} was set to ${d.sponsorUrl}`,
  ServerSponsorCleared: (d, c) =>
    `the sponsor link of ${server(d.guildId, c)} was removed${d.byAdmin ? ' by an admin' : ' by its owner'}`,
  VipRoleChosen: (d, c) =>
    `${member(d.chosenBy)} chose role ${shortId(d.roleId)} as the VIP role of ${server(d.guildId, c)}`,
  LogChannelSet: (d, c) =>
    `${member(d.setBy)} set the log channel of ${server(d.guildId, c)} to ${shortId(d.channelId)}`,
  AutoPingStarted: (d, c) =>
    `${member(d.startedBy)} started an auto-ping of ${d.roleId ? `role ${shortId(d.roleId)}` : '@here'} every ${plural(d.hours, 'hour')} in channel ${shortId(d.channelId)} of ${server(d.guildId, c)}`,
  AutoPingStopped: (d, c) => `${member(d.stoppedBy)} stopped the auto-ping of ${server(d.guildId, c)}`,
  VideoPostScheduled: (d, c) =>
    `${member(d.scheduledBy)} scheduled ${d.repostOf ? 'a re-post of ' : ''}${d.title ? quoted(d.title) : d.url} on ${server(d.guildId, c)} for ${clock(d.firstAt, c)}${d.repeatMinutes ? `, every ${plural(d.repeatMinutes, 'minute')}` : ''}`,
  VideoPosted: (d, c) => `the poster bot posted video post ${shortId(d.postId)} on ${server(d.guildId, c)}`,
  VideoPostCancelled: (d, c) =>
    `${member(d.cancelledBy)} cancelled video post ${shortId(d.postId)} on ${server(d.guildId, c)}`,
  DiscordAccountReserved: (d, c) => `Discord account ${shortId(d.discordUserId)} was reserved for ${user(d.userId, c)}`,
  DiscordAccountFreed: (d, c) => `Discord account ${shortId(d.discordUserId)} was freed from ${user(d.userId, c)}`,
  DiscordAccountLinked: (d, c) =>
    `${user(d.userId, c)} linked the Discord account ${d.username} (${shortId(d.discordUserId)}) through ${proofWays[d.via]}`,
  DiscordProfileRefreshed: (d, c) => `the Discord account of ${user(d.userId, c)} is now called ${d.username}`,
  DiscordAccountUnlinked: (d, c) =>
    `${actorName(c)} unlinked the Discord account ${shortId(d.discordUserId)} of ${user(d.userId, c)}: ${quoted(d.reason)}`,
  ServerManagementProven: (d, c) =>
    `${user(d.userId, c)} proved they manage ${c.names.server(d.guildId) ?? d.name} through ${proofWays[d.via]}`,
  ServerManagementLapsed: (d, c) =>
    `Discord no longer lists ${server(d.guildId, c)} among the servers ${user(d.userId, c)} manages`,
  LinkCodeIssued: (d, c) => `${user(d.userId, c)} asked for a /link code, valid until ${clock(d.expiresAt, c)}`,
  LinkCodeUsed: (d, c) =>
    `${member(d.discordUserId)} used the /link code of ${user(d.userId, c)} on ${server(d.guildId, c)}`,
  DiscordSignInCompleted: (d, c) => `${user(d.userId, c)} signed in with Discord as ${member(d.discordUserId)}`,
  ManagementCheckRequested: (d, c) =>
    `${user(d.userId, c)} asked the key bot to check that ${member(d.discordUserId)} manages ${server(d.guildId, c)}`,
  ManagementCheckAnswered: (d, c) =>
    `the key bot found that ${member(d.discordUserId)} ${d.manages ? 'manages' : 'does not manage'} ${server(d.guildId, c)}`,
  BillingCustomerCreated: (d, c) => `${user(d.userId, c)} got the Stripe customer ${d.customerId} to buy plans with`,
  BillingCheckoutCompleted: (d, c) =>
    `${user(d.userId, c)} bought the ${d.planName} plan through Stripe (subscription ${d.subscriptionId}), on until ${day(d.plan.expiresAt)}`,
  BillingInvoicePaid: (d, c) =>
    d.subscriptionId !== d.billing.subscriptionId && !d.plan.ended
      ? `${user(d.userId, c)} paid ${moneyText(d.amountPaid, d.currency)} on a second Stripe subscription ${d.subscriptionId} while ${d.billing.subscriptionId} runs (invoice ${d.invoiceId}): not taken as the plan; refund and cancel one of them`
      : `${user(d.userId, c)} paid ${moneyText(d.amountPaid, d.currency)} for the ${d.plan.name} plan up to ${day(d.periodEnd)} (invoice ${d.invoiceId})`,
  BillingPaymentFailed: (d, c) =>
    d.billing.status === 'past_due' && d.billing.graceUntil
      ? `a payment of ${user(d.userId, c)} failed (invoice ${d.invoiceId}): past due, the ${d.plan.name} plan stays on until ${day(d.billing.graceUntil)}${d.nextPaymentAttempt ? `, Stripe tries again on ${day(d.nextPaymentAttempt)}` : ', Stripe tries no more'}`
      : `a payment of ${user(d.userId, c)} failed (invoice ${d.invoiceId}), after a later one had already been made`,
  BillingPaymentActionRequired: (d, c) =>
    `the bank of ${user(d.userId, c)} asks them to confirm a payment of ${moneyText(d.amountDue, d.currency)} (invoice ${d.invoiceId})`,
  BillingInvoiceUncollectible: (d, c) =>
    `Stripe gave up collecting the invoice ${d.invoiceId} of ${user(d.userId, c)}${d.plan.ended ? `: the ${d.plan.name} plan ended` : ''}`,
  BillingSubscriptionChanged: (d, c) =>
    d.billing.status === 'ended' && (d.stripeStatus === 'unpaid' || d.stripeStatus === 'canceled')
      ? `Stripe stopped billing the ${d.plan.name} plan of ${user(d.userId, c)} (subscription ${d.stripeStatus})${d.plan.ended ? ': the plan ended' : ''}`
      : d.cancelsAt
        ? `the ${d.plan.name} plan of ${user(d.userId, c)} was set to end on ${day(d.cancelsAt)}`
        : `the Stripe subscription of ${user(d.userId, c)} runs on, on the ${d.planName ?? d.plan.name} plan`,
  BillingSubscriptionCancelled: (d, c) =>
    `Stripe ended the subscription ${d.subscriptionId} of ${user(d.userId, c)}${d.plan.ended ? ': the plan ended' : ''}`,
  BillingChargeRefunded: (d, c) =>
    `${moneyText(d.amountRefunded, d.currency)} of a ${moneyText(d.amount, d.currency)} charge of ${user(d.userId, c)} was refunded${d.chargedPlanName ? ` (the ${d.chargedPlanName} plan, invoice ${d.invoiceId})` : ''}${d.cancelledSubscriptionId ? `: the ${d.plan.name} plan ended and its Stripe subscription was cancelled` : ''}`,
  BillingChargeDisputed: (d, c) => {
    const charge = `a ${moneyText(d.amount, d.currency)} charge of ${user(d.userId, c)}`;
    const ended = d.cancelledSubscriptionId
      ? `: the ${d.plan.name} plan ended and its Stripe subscription was cancelled`
      : '';
    if (d.status === 'won') return `the bank decided the dispute of ${charge} for the seller: the money is back`;
    if (d.status === 'lost') return `the dispute of ${charge} was lost${ended}`;
    if (d.status.startsWith('warning_'))
      return `the bank of ${user(d.userId, c)} asked about ${charge} (an inquiry, ${d.status}): no plan changed; answer it in Stripe`;
    return `${user(d.userId, c)} disputed ${charge} (a chargeback, ${d.status})${ended}`;
  },
  BillingPaymentUnmatched: (d, c) =>
    `${paymentFactWords[d.kind]} of ${moneyText(d.amount, d.currency)} (${d.objectId}${d.status ? `, ${d.status}` : ''}) for ${d.userId ? `${user(d.userId, c)}, who has no Stripe plan it could be about` : `the Stripe customer ${d.customerId}, whom this product did not make`}`,
  PersonErased: (d) =>
    `a Discord member was erased on request: their key was destroyed after ${plural(d.vipWindowsEnded, 'VIP window')} and ${plural(d.whitelistEntriesEnded, 'whitelist entry', 'whitelist entries')} were ended`,
  LogSealed: (d) =>
    `the log was sealed up to position ${count(d.upToPosition)} (${plural(d.count, 'event')}, hash ${shortDigest(d.hash)})${d.rewrittenFrom ? `, the first seal after ${rewriteWords(d.rewrittenFrom)}` : ''}`,
};

/** The operator's rewrite of an old log, as its first seal records it. */
function rewriteWords(from: NonNullable<LogSealed['rewrittenFrom']>): string {
  const head =
    from.hash === null
      ? 'a log that had no seal'
      : `a log whose last seal (hash ${shortDigest(from.hash)}, at position ${count(from.sealPosition ?? 0)}) covered up to position ${count(from.upToPosition ?? 0)}`;
  return `the log was rewritten on ${from.rewrittenAt} from ${head}: ${plural(from.events, 'event')} copied, ${plural(from.fieldsEncrypted, 'personal field')} encrypted, ${plural(from.streamsRenamed, 'stream')} renamed`;
}

/** How a payment fact no plan takes is told. */
const paymentFactWords: Record<PaymentFactKind, string> = {
  paid: 'a payment',
  failed: 'a failed payment',
  action_required: 'a payment waiting for the buyer to confirm it',
  refunded: 'a refund',
  disputed: 'a dispute',
};

/** The event's sentence; an event of a type this version does not know says so. */
export function sentenceOf(type: string, data: unknown, context: SentenceContext): string {
  const sentence = (eventSentences as Record<string, Sentence<EventType> | undefined>)[type];
  if (!sentence) return `an event of a type this version does not know (${type})`;
  try {
    return sentence(data as never, context);
  } catch {
    // the log is immutable: an event that does not match its schema is shown, not hidden
    return `an event of type ${type} whose data does not match its schema`;
  }
}
