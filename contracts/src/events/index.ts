import type { z } from 'zod';
import type { EventMetadata } from './metadata.ts';
import { announcementDeletedSchema, announcementPostedSchema } from './announcement.ts';
import { sessionEndedSchema, sessionStartedSchema } from './session.ts';
import { passwordChangedSchema, userRegisteredSchema, usernameReservedSchema } from './user.ts';
import * as guild from './guild.ts';
import * as key from './key.ts';
import * as subscription from './subscription.ts';
import * as whitelist from './whitelist.ts';
import * as suspension from './suspension.ts';
import * as verificationMessage from './verification-message.ts';
import * as bot from './bot.ts';
import * as discord from './discord.ts';
import * as sponsor from './sponsor.ts';
import * as vipRoleProblems from './vip-role-problems.ts';
import * as billing from './billing.ts';
import { logSealedSchema } from './seal.ts';
import { storedSchemaVersion, upcast } from './upcasters.ts';

export * from './metadata.ts';
export * from './user.ts';
export * from './session.ts';
export * from './announcement.ts';
export * from './guild.ts';
export * from './key.ts';
export * from './subscription.ts';
export * from './whitelist.ts';
export * from './suspension.ts';
export * from './verification-message.ts';
export * from './bot.ts';
export * from './discord.ts';
export * from './sponsor.ts';
export * from './vip-role-problems.ts';
export * from './billing.ts';
export * from './seal.ts';
export * from './sentences.ts';
export * from './upcasters.ts';

/**
 * Every event type the product writes, with its schema and current version. Writers record
 * the version in the event's metadata (`schemaVersion`); a stored event is upcast from its
 * version to today's (upcasters.ts) and checked against its schema when it is read back
 * (parseEvent), so a malformed or unknown event fails loudly instead of corrupting a read
 * model.
 */
export const eventSchemas = {
  UserRegistered: { version: 2, schema: userRegisteredSchema },
  UsernameReserved: { version: 1, schema: usernameReservedSchema },
  SessionStarted: { version: 1, schema: sessionStartedSchema },
  SessionEnded: { version: 1, schema: sessionEndedSchema },
  AnnouncementPosted: { version: 1, schema: announcementPostedSchema },
  AnnouncementDeleted: { version: 1, schema: announcementDeletedSchema },
  PasswordChanged: { version: 1, schema: passwordChangedSchema },
  // servers, their owners and greetings
  GuildReported: { version: 2, schema: guild.guildReportedSchema },
  GuildLeft: { version: 1, schema: guild.guildLeftSchema },
  GuildMemberCountReported: { version: 1, schema: guild.guildMemberCountReportedSchema },
  ServerClaimed: { version: 2, schema: guild.serverClaimedSchema },
  ServerReleased: { version: 2, schema: guild.serverReleasedSchema },
  SubscriberServerAdded: { version: 1, schema: guild.subscriberServerAddedSchema },
  SubscriberServerChanged: { version: 1, schema: guild.subscriberServerChangedSchema },
  SubscriberServerRemoved: { version: 1, schema: guild.subscriberServerRemovedSchema },
  ServerTakenOver: { version: 1, schema: guild.serverTakenOverSchema },
  ServerClaimVerified: { version: 1, schema: guild.serverClaimVerifiedSchema },
  ServerClaimUnverified: { version: 1, schema: guild.serverClaimUnverifiedSchema },
  GreetingConfigured: { version: 1, schema: guild.greetingConfiguredSchema },
  GreetingRemoved: { version: 1, schema: guild.greetingRemovedSchema },
  // access hashes, keys, VIP roles and visits
  AccessHashIssued: { version: 1, schema: key.accessHashIssuedSchema },
  AccessHashUsed: { version: 1, schema: key.accessHashUsedSchema },
  KeyGenerated: { version: 1, schema: key.keyGeneratedSchema },
  KeyRedeemed: { version: 1, schema: key.keyRedeemedSchema },
  VipRoleGranted: { version: 1, schema: key.vipRoleGrantedSchema },
  VipRoleRemoved: { version: 1, schema: key.vipRoleRemovedSchema },
  VipRoleFailed: { version: 1, schema: vipRoleProblems.vipRoleFailedSchema },
  VipRoleFixed: { version: 1, schema: vipRoleProblems.vipRoleFixedSchema },
  VisitRecorded: { version: 2, schema: key.visitRecordedSchema },
  // subscriptions and the whitelist
  SubscriptionStarted: { version: 2, schema: subscription.subscriptionStartedSchema },
  SubscriptionExtended: { version: 2, schema: subscription.subscriptionExtendedSchema },
  SubscriptionEnded: { version: 1, schema: subscription.subscriptionEndedSchema },
  WhitelistEntryAdded: { version: 1, schema: whitelist.whitelistEntryAddedSchema },
  WhitelistEntryRemoved: { version: 1, schema: whitelist.whitelistEntryRemovedSchema },
  WhitelistRoleRemoved: { version: 1, schema: whitelist.whitelistRoleRemovedSchema },
  // plans, suspensions and the owner's verification message
  ServerSuspended: { version: 1, schema: suspension.serverSuspendedSchema },
  ServerSuspensionLifted: { version: 1, schema: suspension.serverSuspensionLiftedSchema },
  VerificationMessageConfigured: { version: 1, schema: verificationMessage.verificationMessageConfiguredSchema },
  VerificationMessageReset: { version: 1, schema: verificationMessage.verificationMessageResetSchema },
  // the bots' own settings and schedules
  VipRoleChosen: { version: 1, schema: bot.vipRoleChosenSchema },
  LogChannelSet: { version: 1, schema: bot.logChannelSetSchema },
  AutoPingStarted: { version: 1, schema: bot.autoPingStartedSchema },
  AutoPingStopped: { version: 1, schema: bot.autoPingStoppedSchema },
  VideoPostScheduled: { version: 2, schema: bot.videoPostScheduledSchema },
  VideoPosted: { version: 1, schema: bot.videoPostedSchema },
  VideoPostCancelled: { version: 1, schema: bot.videoPostCancelledSchema },
  // Discord identity: linked accounts, proofs of management, link codes, sign-ins
  DiscordAccountReserved: { version: 1, schema: discord.discordAccountReservedSchema },
  DiscordAccountFreed: { version: 1, schema: discord.discordAccountFreedSchema },
  DiscordAccountLinked: { version: 1, schema: discord.discordAccountLinkedSchema },
  DiscordProfileRefreshed: { version: 1, schema: discord.discordProfileRefreshedSchema },
  DiscordAccountUnlinked: { version: 1, schema: discord.discordAccountUnlinkedSchema },
  ServerManagementProven: { version: 1, schema: discord.serverManagementProvenSchema },
  ServerManagementLapsed: { version: 1, schema: discord.serverManagementLapsedSchema },
  LinkCodeIssued: { version: 1, schema: discord.linkCodeIssuedSchema },
  LinkCodeUsed: { version: 1, schema: discord.linkCodeUsedSchema },
  DiscordSignInCompleted: { version: 1, schema: discord.discordSignInCompletedSchema },
  ManagementCheckRequested: { version: 1, schema: discord.managementCheckRequestedSchema },
  ManagementCheckAnswered: { version: 1, schema: discord.managementCheckAnsweredSchema },
  // the log's tamper evidence
  LogSealed: { version: 1, schema: logSealedSchema },
  // a server's own sponsor step
  ServerSponsorSet: { version: 1, schema: sponsor.serverSponsorSetSchema },
  ServerSponsorCleared: { version: 1, schema: sponsor.serverSponsorClearedSchema },
  // plans sold through Stripe (decisions.md §13)
  BillingCustomerCreated: { version: 1, schema: billing.billingCustomerCreatedSchema },
  BillingCheckoutCompleted: { version: 1, schema: billing.billingCheckoutCompletedSchema },
  BillingInvoicePaid: { version: 1, schema: billing.billingInvoicePaidSchema },
  BillingPaymentFailed: { version: 1, schema: billing.billingPaymentFailedSchema },
  BillingSubscriptionChanged: { version: 1, schema: billing.billingSubscriptionChangedSchema },
  BillingSubscriptionCancelled: { version: 1, schema: billing.billingSubscriptionCancelledSchema },
  BillingChargeRefunded: { version: 1, schema: billing.billingChargeRefundedSchema },
  BillingChargeDisputed: { version: 1, schema: billing.billingChargeDisputedSchema },
} as const satisfies Record<string, { version: number; schema: z.ZodType }>;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>;
/** A domain event as deciders produce it and projectors consume it. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];
/** The events of the given types, e.g. EventOf<'KeyGenerated' | 'KeyRedeemed'>. */
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** The version writers record for an event type today. */
export function currentSchemaVersion(type: EventType): number {
  return eventSchemas[type].version;
}

/**
 * Reads an event back: upcasts data written in `version` (absent in old events: 1) to
 * today's shape, then validates it against the schema of its type.
 */
export function parseEvent(type: string, data: unknown, version = 1): DomainEvent {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type ${type}`);
  const { version: current, schema } = eventSchemas[type];
  return { type, data: schema.parse(upcast(type, data, version, current)) } as DomainEvent;
}

/** parseEvent for an event as the store recorded it, with the version from its metadata. */
export function parseRecordedEvent(recorded: {
  type: string;
  data: unknown;
  metadata?: Partial<EventMetadata> | null;
}): DomainEvent {
  return parseEvent(recorded.type, recorded.data, storedSchemaVersion(recorded.metadata));
}
