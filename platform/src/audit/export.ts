import { Readable } from 'node:stream';
import {
  type AuditExportRange,
  currentSchemaVersion,
  type EventMetadata,
  guildIdsOf,
  isKnownEventType,
  sealStreamId,
  sentenceOf,
  storedSchemaVersion,
  upcast,
  userIdsOf,
} from '@vip/contracts';
import type { EventStore, StoredEvent } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { AuditNames } from './names.ts';
import { sealedDataText, storedDigest } from './seal-chain.ts';
import { sealsAround } from './seals.ts';
import { readStoredEvents } from './stored-events.ts';

export interface AuditExportRequest {
  /** First and last log position of the range (both included). */
  from: number;
  to: number;
  server?: string;
  /** A user: events that name them or that they caused (the audit trail's userId filter). */
  user?: string;
  types?: readonly string[];
}

export interface AuditExportOptions {
  /** Events read from the log at once: one chunk of the stream per page. */
  pageSize?: number;
  /** Told how many events each page read from the log (the /metrics counter). */
  onRead?: (events: number) => void;
  now?: () => Date;
}

/**
 * A range of the log as NDJSON (AuditExportLine per line), read page by page: nothing but one
 * page is held at a time, and a page is read only when the consumer asked for more (a Node
 * stream's backpressure). Destroying the stream (a client that went away) ends the reading.
 *
 * The chain's span around the range is covered so that the file can be checked offline: from
 * the last seal before `from` (the `range` line's anchor) to the first seal whose
 * `upToPosition` reaches `to`, with the events outside the range or the filters as digests.
 */
export function auditExportStream(
  eventStore: EventStore,
  readStore: ReadStore,
  request: AuditExportRequest,
  options: AuditExportOptions = {},
): Readable {
  return Readable.from(auditExportChunks(eventStore, readStore, request, options), { objectMode: false });
}

export async function* auditExportChunks(
  eventStore: EventStore,
  readStore: ReadStore,
  request: AuditExportRequest,
  options: AuditExportOptions = {},
): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? 1000;
  // the few seals around the range, not the whole seals stream
  const { anchor, seals, closing } = await sealsAround(eventStore, request.from, request.to);
  const spanEnd = closing ? closing.seal.upToPosition : request.to;
  const anchorUpTo = anchor?.seal.upToPosition;
  const range: AuditExportRange = {
    kind: 'range',
    from: request.from,
    to: request.to,
    server: request.server ?? null,
    user: request.user ?? null,
    types: request.types ? [...request.types] : null,
    exportedAt: (options.now?.() ?? new Date()).toISOString(),
    anchor,
    seals,
  };
  yield `${JSON.stringify(range)}\n`;

  const lines = new ExportLines(readStore, request);
  // positions as the log gave them (a seal's upToPosition): none is the log's start
  let after = anchorUpTo;
  while (after === undefined || after < spanEnd) {
    // the events as stored: their text goes into the file as it is, parsed only where a sentence needs it
    const page = await readStoredEvents(eventStore, { after, maxCount: pageSize });
    if (page.length === 0) break;
    options.onRead?.(page.length);
    const inSpan = page[page.length - 1].position <= spanEnd ? page : page.filter((e) => e.position <= spanEnd);
    const chunk = await lines.of(inSpan);
    if (chunk) yield chunk;
    after = page[page.length - 1].position;
    if (page.length < pageSize) break;
  }
  yield `${JSON.stringify({ kind: 'end', lines: lines.written, lastPosition: lines.lastPosition, sealed: Boolean(closing) })}\n`;
}

/** The lines of one page: events the request chose in full, seals always, the others as digests. */
class ExportLines {
  written = 0;
  lastPosition: number | null = null;
  private readonly names: AuditNames;

  constructor(
    readStore: ReadStore,
    private readonly request: AuditExportRequest,
  ) {
    this.names = new AuditNames(readStore);
  }

  async of(events: readonly StoredEvent[]): Promise<string> {
    const chosen = events.map((event) => this.chosen(event));
    const guildIds: string[] = [];
    const userIds: string[] = [];
    for (const view of chosen) {
      if (!view) continue;
      guildIds.push(...guildIdsOf(view.data, view.type));
      userIds.push(...userIdsOf(view.data, view.actor, view.type));
    }
    await this.names.load(guildIds, userIds);
    let chunk = '';
    for (let index = 0; index < events.length; index++) {
      chunk += `${this.lineOf(events[index], chosen[index])}\n`;
      this.written++;
      this.lastPosition = events[index].position;
    }
    return chunk;
  }

  /** The event in today's shape, with who caused it, when the request chose it (null: a digest line). */
  private chosen(event: StoredEvent): ChosenEvent | null {
    const { from, to, types, server, user } = this.request;
    if (event.position < from || event.position > to || event.streamId === sealStreamId) return null;
    if (types && !types.includes(event.type)) return null;
    const metadata = parseObject(event.metadata);
    const data = todaysShape(event.type, parseObject(event.data), metadata);
    if (server && !guildIdsOf(data, event.type).includes(server)) return null;
    const actor = (metadata.actor as EventMetadata['actor'] | undefined) ?? { kind: 'system', id: 'unknown' };
    if (user && !userIdsOf(data, actor, event.type).includes(user)) return null;
    return { type: event.type, data, actor };
  }

  private lineOf(event: StoredEvent, chosen: ChosenEvent | null): string {
    const dataText = sealedDataText(event.type, event.data);
    if (!chosen && event.streamId !== sealStreamId)
      return `{"kind":"digest","position":${event.position},"digest":"${storedDigest(event, dataText).toString('hex')}"}`;
    const time = new Date(event.recordedAt).toISOString();
    const kind = chosen ? 'event' : 'seal';
    const sentence = chosen
      ? `,"sentence":${JSON.stringify(sentenceOf(event.type, chosen.data, { actor: chosen.actor, time, names: this.names.names }))}`
      : '';
    return `{"kind":"${kind}","position":${event.position},"id":${JSON.stringify(event.id)},"streamId":${JSON.stringify(event.streamId)},"revision":${event.revision},"type":${JSON.stringify(event.type)},"recordedAt":${event.recordedAt},"time":"${time}"${sentence},"data":${dataText},"metadata":${event.metadata}}`;
  }
}

interface ChosenEvent {
  type: string;
  data: Record<string, unknown>;
  actor: EventMetadata['actor'];
}

const parseObject = (text: string): Record<string, unknown> => {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return {};
  }
};

/** The event's data upcast to today's shape (not validated: an export shows what the log holds). */
function todaysShape(
  type: string,
  data: Record<string, unknown>,
  metadata: Record<string, unknown>,
): Record<string, unknown> {
  try {
    if (!isKnownEventType(type)) return data;
    return asObject(upcast(type, data, storedSchemaVersion(metadata), currentSchemaVersion(type)));
  } catch {
    return data;
  }
}

const asObject = (data: unknown): Record<string, unknown> =>
  data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
