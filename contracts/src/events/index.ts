import type { z } from 'zod';
import { announcementDeletedSchema, announcementPostedSchema } from './announcements.ts';
import { logSealedSchema } from './audit.ts';
import {
  passwordChangedSchema,
  sessionEndedSchema,
  sessionStartedSchema,
  userDeletedSchema,
  usernameReservedSchema,
  userRegisteredSchema,
} from './auth.ts';
import * as billing from './billing.ts';
import * as botSettings from './bot-settings.ts';
import * as discord from './discord.ts';
import * as greetings from './greetings.ts';
import * as keys from './keys.ts';
import type { EventMetadata } from './metadata.ts';
import { personErasedSchema, vipWindowEndedSchema } from './personal-data.ts';
import * as servers from './servers.ts';
import * as sponsors from './sponsors.ts';
import * as subscriptions from './subscriptions.ts';
import * as suspensions from './suspensions.ts';
import { storedSchemaVersion, upcast } from './upcasters.ts';
import * as verificationMessage from './verification-message.ts';
import * as vipRoles from './vip-roles.ts';
import * as whitelist from './whitelist.ts';

export * from './announcements.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './bot-settings.ts';
export * from './discord.ts';
export * from './greetings.ts';
export * from './keys.ts';
export * from './metadata.ts';
export * from './personal-data.ts';
export * from './personal-data-in-clear.ts';
export * from './sentences.ts';
export * from './servers.ts';
export * from './sponsors.ts';
export * from './subscriptions.ts';
export * from './suspensions.ts';
export * from './upcasters.ts';
export * from './verification-message.ts';
export * from './vip-roles.ts';
export * from './whitelist.ts';

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
  UserDeleted: { version: 1, schema: userDeletedSchema },
  // servers, their owners and greetings
  GuildReported: { version: 2, schema: servers.guildReportedSchema },
  GuildLeft: { version: 1, schema: servers.guildLeftSchema },
  GuildMemberCountReported: { version: 1, schema: servers.guildMemberCountReportedSchema },
  ServerClaimed: { version: 2, schema: servers.serverClaimedSchema },
  ServerReleased: { version: 2, schema: servers.serverReleasedSchema },
  SubscriberServerAdded: { version: 1, schema: servers.subscriberServerAddedSchema },
  SubscriberServerChanged: { version: 1, schema: servers.subscriberServerChangedSchema },
  SubscriberServerRemoved: { version: 1, schema: servers.subscriberServerRemovedSchema },
  ServerTakenOver: { version: 1, schema: servers.serverTakenOverSchema },
  ServerClaimVerified: { version: 1, schema: servers.serverClaimVerifiedSchema },
  ServerClaimUnverified: { version: 1, schema: servers.serverClaimUnverifiedSchema },
  GreetingConfigured: { version: 1, schema: greetings.greetingConfiguredSchema },
  GreetingRemoved: { version: 1, schema: greetings.greetingRemovedSchema },
  // access hashes, keys, VIP roles and visits
  AccessHashIssued: { version: 1, schema: keys.accessHashIssuedSchema },
  AccessHashUsed: { version: 1, schema: keys.accessHashUsedSchema },
  KeyGenerated: { version: 1, schema: keys.keyGeneratedSchema },
  KeyRedeemed: { version: 1, schema: keys.keyRedeemedSchema },
  VipRoleGranted: { version: 1, schema: vipRoles.vipRoleGrantedSchema },
  VipRoleRemoved: { version: 1, schema: vipRoles.vipRoleRemovedSchema },
  VipRoleFailed: { version: 1, schema: vipRoles.vipRoleFailedSchema },
  VipRoleFixed: { version: 1, schema: vipRoles.vipRoleFixedSchema },
  VipWindowEnded: { version: 1, schema: vipWindowEndedSchema },
  VisitRecorded: { version: 2, schema: keys.visitRecordedSchema },
  // subscriptions and the whitelist
  SubscriptionStarted: { version: 2, schema: subscriptions.subscriptionStartedSchema },
  SubscriptionExtended: { version: 2, schema: subscriptions.subscriptionExtendedSchema },
  SubscriptionEnded: { version: 1, schema: subscriptions.subscriptionEndedSchema },
  WhitelistEntryAdded: { version: 1, schema: whitelist.whitelistEntryAddedSchema },
  WhitelistEntryRemoved: { version: 1, schema: whitelist.whitelistEntryRemovedSchema },
  WhitelistRoleRemoved: { version: 1, schema: whitelist.whitelistRoleRemovedSchema },
  // plans, suspensions and the owner's verification message
  ServerSuspended: { version: 1, schema: suspensions.serverSuspendedSchema },
  ServerSuspensionLifted: { version: 1, schema: suspensions.serverSuspensionLiftedSchema },
  VerificationMessageConfigured: { version: 1, schema: verificationMessage.verificationMessageConfiguredSchema },
  VerificationMessageReset: { version: 1, schema: verificationMessage.verificationMessageResetSchema },
  // the bots' own settings and schedules
  VipRoleChosen: { version: 1, schema: botSettings.vipRoleChosenSchema },
  LogChannelSet: { version: 1, schema: botSettings.logChannelSetSchema },
  AutoPingStarted: { version: 1, schema: botSettings.autoPingStartedSchema },
  AutoPingStopped: { version: 1, schema: botSettings.autoPingStoppedSchema },
  VideoPostScheduled: { version: 2, schema: botSettings.videoPostScheduledSchema },
  VideoPosted: { version: 1, schema: botSettings.videoPostedSchema },
  VideoPostCancelled: { version: 1, schema: botSettings.videoPostCancelledSchema },
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
  // a person erased on request (their key destroyed)
  PersonErased: { version: 1, schema: personErasedSchema },
  // a server's own sponsor step
  ServerSponsorSet: { version: 1, schema: sponsors.serverSponsorSetSchema },
  ServerSponsorCleared: { version: 1, schema: sponsors.serverSponsorClearedSchema },
  // plans sold through Stripe (decisions.md §13)
  BillingCustomerCreated: { version: 1, schema: billing.billingCustomerCreatedSchema },
  BillingCheckoutCompleted: { version: 1, schema: billing.billingCheckoutCompletedSchema },
  BillingInvoicePaid: { version: 2, schema: billing.billingInvoicePaidSchema },
  BillingPaymentFailed: { version: 2, schema: billing.billingPaymentFailedSchema },
  BillingPaymentActionRequired: { version: 1, schema: billing.billingPaymentActionRequiredSchema },
  BillingInvoiceUncollectible: { version: 1, schema: billing.billingInvoiceUncollectibleSchema },
  BillingSubscriptionChanged: { version: 2, schema: billing.billingSubscriptionChangedSchema },
  BillingSubscriptionCancelled: { version: 1, schema: billing.billingSubscriptionCancelledSchema },
  BillingChargeRefunded: { version: 2, schema: billing.billingChargeRefundedSchema },
  BillingChargeDisputed: { version: 2, schema: billing.billingChargeDisputedSchema },
  BillingPaymentUnmatched: { version: 1, schema: billing.billingPaymentUnmatchedSchema },
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
