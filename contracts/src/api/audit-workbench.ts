import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import type { LogSealed } from '../events/audit.ts';
import { type EventType, eventSchemas } from '../events/index.ts';
import { auditWorkbenchPaths } from '../routes/audit-workbench.ts';
import { auditWorkbenchTexts } from '../texts/audit.ts';
import { answer, withSchemas } from './route-spec.ts';

/**
 * The auditor's workbench (issue #15): the log exported as NDJSON with its seals, and the
 * state of a server, a key and the statistics as they were at one log position.
 */
export const auditWorkbenchDefaults = {
  /** A seal after this many events (AUDIT_SEAL_EVERY). */
  sealEvery: 1000,
  /** ... and at least this often while events come (AUDIT_SEAL_MINUTES). */
  sealMinutes: 15,
  /** Events one export may span (AUDIT_EXPORT_MAX_EVENTS); more answers 400. */
  exportMaxEvents: 1_000_000,
  /** Exports streaming at once (AUDIT_EXPORTS_AT_ONCE); more answers 429. */
  exportsAtOnce: 2,
  /** "State as of here" replays building at once (AUDIT_REPLAYS_AT_ONCE); more answers 429. */
  replaysAtOnce: 1,
  /** Positions whose state is kept once built. */
  statesKept: 32,
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A query parameter given once: koa hands a repeated one over as an array. */
const once = (name: string, text: string) =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? auditWorkbenchTexts.givenTwice(name) : text) });

/** Where a range starts or ends: a log position, or a time (a bare `to` date means the whole day). */
export type RangeBound = { position: number } | { time: string };

const bound = (name: 'from' | 'to') =>
  once(name, auditWorkbenchTexts.bound(name)).transform((text, ctx): RangeBound => {
    if (/^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= 1)
      return { position: Number(text) };
    if ((DATE_ONLY.test(text) || DATE_TIME.test(text)) && !Number.isNaN(Date.parse(text))) {
      const endOfDay = name === 'to' && DATE_ONLY.test(text) ? 86_400_000 - 1 : 0;
      return { time: new Date(Date.parse(text) + endOfDay).toISOString() };
    }
    ctx.addIssue({ code: 'custom', message: auditWorkbenchTexts.bound(name) });
    return z.NEVER;
  });

const eventTypes = once('type', auditWorkbenchTexts.type)
  .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, auditWorkbenchTexts.type)
  .transform((text, ctx) => {
    const names = [...new Set(text.split(','))];
    const unknown = names.filter((name) => !Object.hasOwn(eventSchemas, name));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: auditWorkbenchTexts.unknownType(unknown) });
    return names as EventType[];
  });

const exportQueryShape = {
  from: bound('from').optional(),
  to: bound('to').optional(),
  server: once('server', auditWorkbenchTexts.server).regex(SNOWFLAKE, auditWorkbenchTexts.server).optional(),
  user: once('user', auditWorkbenchTexts.user)
    .regex(/^[\w.-]{1,64}$/, auditWorkbenchTexts.user)
    .optional(),
  type: eventTypes.optional(),
};
const exportParameters = Object.keys(exportQueryShape);

const positionOf = (bound: RangeBound | undefined) => (bound && 'position' in bound ? bound.position : undefined);
const timeOf = (bound: RangeBound | undefined) => (bound && 'time' in bound ? bound.time : undefined);

/** GET /api/admin/audit/export's query: from and to as positions or times, a server, a user, event types. */
export const auditExportQuerySchema = z
  .strictObject(exportQueryShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? auditWorkbenchTexts.unknownParameter(issue.keys, exportParameters)
        : undefined,
  })
  .refine((query) => {
    const [from, to] = [positionOf(query.from), positionOf(query.to)];
    if (from !== undefined && to !== undefined) return from <= to;
    const [since, until] = [timeOf(query.from), timeOf(query.to)];
    return since === undefined || until === undefined || since <= until;
  }, auditWorkbenchTexts.fromAfterTo);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

export const auditPositionParamSchema = z
  .string()
  .regex(/^\d{1,16}$/, auditWorkbenchTexts.position)
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value) && value >= 1, auditWorkbenchTexts.position);

/**
 * One line of an export (NDJSON). The first is the `range` (with the seals to check against),
 * the last the `end`; between them, in log order, every event of the chain's span: `event`
 * lines for what the filters chose, `digest` lines (the event's digest only) for the others,
 * and the seals' own events as `seal` lines. An `event` or `seal` line is the event whole, as
 * the chain hashed it: its data and metadata as stored (in the version they were written in,
 * fieldsSealedAsDigest as `sha256:<hex>`, so never an argon2 hash), so `npm run audit --
 * verify --file` recomputes the chain from the file.
 */
export type AuditExportLine =
  | AuditExportRange
  | AuditExportEvent
  | AuditExportDigest
  | AuditExportSeal
  | AuditExportEnd;

/** The event as the chain hashes it: its stored data and metadata, in the shape it was written. */
export interface SealRecord {
  position: number;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  /** When the log recorded it, in milliseconds since 1970. */
  recordedAt: number;
  data: unknown;
  metadata: unknown;
}

export interface AuditExportRange {
  kind: 'range';
  /** The positions asked for (after times were turned into positions); null bounds: the range is empty. */
  from: number | null;
  to: number | null;
  server: string | null;
  user: string | null;
  types: string[] | null;
  exportedAt: string;
  /** The seal the chain continues from (the last one before `from`), or null: from the start of the log. */
  anchor: AuditExportSealed | null;
  /**
   * The seals whose spans end within the file's span, in chain order (the last reaches `to`
   * when the range is sealed): where each lies in the log does not matter, a sealer catching
   * up with a long log appends all its seals after it.
   */
  seals: AuditExportSealed[];
}
/** A seal with where it lies in the log and in the seals stream. */
export interface AuditExportSealed {
  position: number;
  revision: number;
  seal: LogSealed;
}
export interface AuditExportEvent extends SealRecord {
  kind: 'event';
  /** `recordedAt` as ISO 8601. */
  time: string;
  /** The event in the product's words (today's shape, names from the read models at export time). */
  sentence: string;
  data: Record<string, unknown>;
}
export interface AuditExportDigest {
  kind: 'digest';
  position: number;
  /** SHA-256 of the event's record: enough to recompute the chain without its data. */
  digest: string;
}
export interface AuditExportSeal extends SealRecord {
  kind: 'seal';
  time: string;
  data: LogSealed;
}
export interface AuditExportEnd {
  kind: 'end';
  /** Event, digest and seal lines written. */
  lines: number;
  /** The last position the file covers; null when the chain's span held nothing. */
  lastPosition: number | null;
  /** Whether a seal covers the whole range (else its end is not sealed yet). */
  sealed: boolean;
}

/** A server's settings as they were: each read model's document for it (null: none then). */
export interface ServerStateAsOf {
  guildId: string;
  name: string | null;
  settings: Record<string, Record<string, unknown> | null>;
  statistics: { keysGenerated: number; keysRedeemed: number; visits: number };
}
export interface KeyStateAsOf {
  keyDigest: string;
  status: 'not generated' | 'valid' | 'redeemed' | 'expired';
  key: Record<string, unknown> | null;
  vipRole: Record<string, unknown> | null;
}
export interface StatisticsAsOf {
  keysGenerated: number;
  keysRedeemed: number;
  visits: number;
  distinctVisitors: number;
  serversWithTheBot: number;
}
export interface AuditStateReady {
  status: 'ready';
  position: number;
  /** When the event at this position was recorded: times (expiry, VIP windows) are judged then. */
  time: string;
  servers: ServerStateAsOf[];
  key: KeyStateAsOf | null;
  statistics: StatisticsAsOf;
}
export interface AuditStateBuilding {
  status: 'building';
  position: number;
  /** How far the replay has come (null until it has started reading). */
  progress: { position: number; target: number; events: number } | null;
}
export type AuditStateResponse = AuditStateReady | AuditStateBuilding;

export const auditWorkbenchApi = withSchemas(auditWorkbenchPaths, {
  export: {
    summary:
      'The log from one position (or time) to another as NDJSON, streamed, optionally only a server, a user or event types (the others as digests): each event with its position, sentence, data and metadata, the seals of the range, and what checking it offline against them needs',
    query: auditExportQuerySchema,
    response: answer<string>(200, 'application/x-ndjson: AuditExportLine per line'),
  },
  stateAsOf: {
    summary:
      "The event's servers' settings, its key's status and the statistics as they were at this log position; 202 with the progress while the replay builds it",
    params: { position: auditPositionParamSchema },
    response: answer<AuditStateResponse>(200, 'AuditStateResponse (202 while building)'),
  },
});

export { auditWorkbenchTexts };
