/**
 * The name of every event type the product writes, in the order of `eventSchemas`
 * (index.ts). Kept free of zod so that a screen can list them (the audit trail's type
 * filter) without pulling the schemas into the browser bundle; contracts/test/event-types.test.ts
 * fails when this list and `eventSchemas` disagree.
 */
export const eventTypeNames = [
  'UserRegistered',
  'UsernameReserved',
  'SessionStarted',
  'SessionEnded',
  'AnnouncementPosted',
  'AnnouncementDeleted',
  'PasswordChanged',
  'UserDeleted',
  // servers, their owners and greetings
  'GuildReported',
  'GuildLeft',
  'GuildMemberCountReported',
  'ServerClaimed',
  'ServerReleased',
  'SubscriberServerAdded',
  'SubscriberServerChanged',
  'SubscriberServerRemoved',
  'ServerTakenOver',
  'ServerClaimVerified',
  'ServerClaimUnverified',
  'GreetingConfigured',
  'GreetingRemoved',
  // access hashes, keys, VIP roles and visits
  'AccessHashIssued',
  'AccessHashUsed',
  'KeyGenerated',
  'KeyRedeemed',
  'VipRoleGranted',
  'VipRoleRemoved',
  'VipRoleFailed',
  'VipRoleFixed',
  'VipWindowEnded',
  'VisitRecorded',
  // subscriptions and the whitelist
  'SubscriptionStarted',
  'SubscriptionExtended',
  'SubscriptionEnded',
  'WhitelistEntryAdded',
  'WhitelistEntryRemoved',
  'WhitelistRoleRemoved',
  // plans, suspensions and the owner's verification message
  'ServerSuspended',
  'ServerSuspensionLifted',
  'VerificationMessageConfigured',
  'VerificationMessageReset',
  // the bots' own settings and schedules
  'VipRoleChosen',
  'LogChannelSet',
  'AutoPingStarted',
  'AutoPingStopped',
  'VideoPostScheduled',
  'VideoPosted',
  'VideoPostCancelled',
  // Discord identity: linked accounts, proofs of management, link codes, sign-ins
  'DiscordAccountReserved',
  'DiscordAccountFreed',
  'DiscordAccountLinked',
  'DiscordProfileRefreshed',
  'DiscordAccountUnlinked',
  'ServerManagementProven',
  'ServerManagementLapsed',
  'LinkCodeIssued',
  'LinkCodeUsed',
  'DiscordSignInCompleted',
  'ManagementCheckRequested',
  'ManagementCheckAnswered',
  // the log's tamper evidence
  'LogSealed',
  'PersonErased',
  // a server's own sponsor step
  'ServerSponsorSet',
  'ServerSponsorCleared',
  // plans sold through Stripe
  'BillingCustomerCreated',
  'BillingCheckoutCompleted',
  'BillingInvoicePaid',
  'BillingPaymentFailed',
  'BillingSubscriptionChanged',
  'BillingSubscriptionCancelled',
  'BillingChargeRefunded',
  'BillingChargeDisputed',
  'BillingPaymentActionRequired',
  'BillingInvoiceUncollectible',
  'BillingPaymentUnmatched',
] as const;

export type EventTypeName = (typeof eventTypeNames)[number];
