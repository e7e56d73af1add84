import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { type EventType, eventSchemas } from '../events/index.ts';
import type { AuditActor } from '../read-models/audit.ts';
import { auditPaths } from '../routes/audit.ts';
import { auditTexts } from '../texts/audit.ts';
import { answer, withSchemas } from './route-spec.ts';

export { auditTexts } from '../texts/audit.ts';

/** The audit trail pages by log position, newest first. */
export const AUDIT_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A query parameter given once: koa hands a repeated one over as an array. */
const once = (name: string, text: string) =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? auditTexts.givenTwice(name) : text) });

/** A date or time, as the ISO 8601 instant the audit trail stores; a bare `to` date means the whole day. */
const instant = (name: 'from' | 'to') =>
  once(name, auditTexts.time(name))
    .refine(
      (text) => (DATE_ONLY.test(text) || DATE_TIME.test(text)) && !Number.isNaN(Date.parse(text)),
      auditTexts.time(name),
    )
    .transform((text) =>
      new Date(Date.parse(text) + (name === 'to' && DATE_ONLY.test(text) ? 86_400_000 - 1 : 0)).toISOString(),
    );

const wholeNumber = (name: string, text: string, min: number, max: number) =>
  once(name, text)
    .regex(/^\d{1,16}$/, text)
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, text);

const eventTypes = once('type', auditTexts.type)
  .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, auditTexts.type)
  .transform((text, ctx) => {
    const names = [...new Set(text.split(','))];
    const unknown = names.filter((name) => !Object.hasOwn(eventSchemas, name));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: auditTexts.unknownType(unknown) });
    return names as EventType[];
  });

const auditQueryShape = {
  guildId: once('guildId', auditTexts.guildId).regex(SNOWFLAKE, auditTexts.guildId).optional(),
  userId: once('userId', auditTexts.userId)
    .regex(/^[\w.-]{1,64}$/, auditTexts.userId)
    .optional(),
  type: eventTypes.optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  before: wholeNumber('before', auditTexts.before, 1, Number.MAX_SAFE_INTEGER).optional(),
  limit: wholeNumber('limit', auditTexts.limit(AUDIT_PAGE.maxLimit), 1, AUDIT_PAGE.maxLimit).default(
    AUDIT_PAGE.defaultLimit,
  ),
};
const knownParameters = Object.keys(auditQueryShape);

/** GET /api/admin/audit's query string: every parameter optional, none unknown, none twice. */
export const auditQuerySchema = z
  .strictObject(auditQueryShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? auditTexts.unknownParameter(issue.keys, knownParameters) : undefined,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, auditTexts.fromAfterTo);
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const keyDigestParamSchema = z.string().regex(/^[0-9a-f]{64}$/, auditTexts.keyDigest);
export const auditGuildIdParamSchema = z.string().regex(SNOWFLAKE, auditTexts.guildId);

/** One event as the audit trail shows it: read from the log by position, its data redacted. */
export interface AuditEventView {
  position: number;
  streamId: string;
  type: string;
  /** The version the event was written in (1 for events written before versions were recorded). */
  schemaVersion: number;
  /** When the log recorded the event (ISO 8601, UTC). */
  time: string;
  actor: AuditActor;
  correlationId: string;
  causationId: string;
  /**
   * The event's data in today's shape, redacted for display: password hashes are replaced by
   * "[redacted]" and digests (of keys, access hashes, addresses) are shortened.
   */
  data: Record<string, unknown>;
  /** Servers the event is about (data.guildId / serverId, both sides of a slot change). */
  guildIds: string[];
  /** Users it is about or by: data.userId, data.discordUserId, and the actor's id. */
  userIds: string[];
  /** The full digest of the key it names, when it names one: the way into a key's life. */
  keyDigest: string | null;
  /** The event in one line of the product's words, with names read from the read models (contracts' eventSentences). */
  sentence: string;
  /** The fields of `data` the trail does not show (a password hash): "[redacted]" there. */
  redactedFields: string[];
}

export interface AuditPageResponse {
  /** Newest first. */
  events: AuditEventView[];
  /** Pass as `before` for the next (older) page; null when this page is the last. */
  nextBefore: number | null;
}

/** A key's whole life, in log order. */
export interface KeyLifeResponse {
  keyDigest: string;
  events: AuditEventView[];
}

/** Which of a server's settings an event changed. */
export type ServerSetting =
  | 'greeting'
  | 'owner'
  | 'slot'
  | 'vipRole'
  | 'logChannel'
  | 'autoPing'
  | 'verificationMessage'
  | 'suspension';
export interface SettingChange {
  field: string;
  from: unknown;
  to: unknown;
}
export interface ServerSettingsChange extends AuditEventView {
  setting: ServerSetting;
  /** Field by field against the setting's previous value (a greeting's: the defaults before any). */
  changes: SettingChange[];
}
/** Who changed what when on one server, oldest first. */
export interface ServerSettingsHistoryResponse {
  guildId: string;
  changes: ServerSettingsChange[];
  /**
   * The names of the ids the changes hold, so that the history reads in words: users (an
   * owner, a subscriber) by username, the server's channels by name. An id with no known name
   * is left out.
   */
  names: Record<string, string>;
}

/** The fields of a settings change whose values are a user's id, and those that are a channel's. */
export const settingUserFields: readonly string[] = ['ownerId', 'subscriberId'];
export const settingChannelFields: readonly string[] = ['channelId'];

/** Event types that change a server's settings, and which setting each one changes. */
export const serverSettingEvents = {
  GreetingConfigured: 'greeting',
  GreetingRemoved: 'greeting',
  ServerClaimed: 'owner',
  ServerReleased: 'owner',
  ServerTakenOver: 'owner',
  ServerClaimVerified: 'owner',
  ServerClaimUnverified: 'owner',
  SubscriberServerAdded: 'slot',
  SubscriberServerChanged: 'slot',
  SubscriberServerRemoved: 'slot',
  VipRoleChosen: 'vipRole',
  LogChannelSet: 'logChannel',
  AutoPingStarted: 'autoPing',
  AutoPingStopped: 'autoPing',
  VerificationMessageConfigured: 'verificationMessage',
  VerificationMessageReset: 'verificationMessage',
  ServerSuspended: 'suspension',
  ServerSuspensionLifted: 'suspension',
} as const satisfies Partial<Record<EventType, ServerSetting>>;

export const auditApi = withSchemas(auditPaths, {
  log: {
    summary:
      'The event log as an audit trail, newest first, filtered by server, user, event type and time; paged by log position',
    query: auditQuerySchema,
    response: answer<AuditPageResponse>(200, 'AuditPageResponse: { events, nextBefore }'),
  },
  keyLife: {
    summary: "A key's whole life: access link used, generated, redeemed, VIP role granted and removed",
    params: { keyDigest: keyDigestParamSchema },
    response: answer<KeyLifeResponse>(200, 'KeyLifeResponse'),
  },
  serverSettings: {
    summary:
      "Who changed what when in a server's settings (greeting, owner, slots, VIP role, log channel, auto-ping), field by field",
    params: { guildId: auditGuildIdParamSchema },
    response: answer<ServerSettingsHistoryResponse>(200, 'ServerSettingsHistoryResponse'),
  },
});
