import { type AuditExportSealed, logSealedSchema, sealStreamId } from '@vip/contracts';
import type { EventStore, RecordedEvent } from '../event-store/event-store.ts';

/** A seal as the log holds it: where it lies in the log and in the seals stream. */
export type StoredSeal = AuditExportSealed;

/** Seals read at once when the seals stream is walked. */
const PAGE = 100;

/** The seal an event of the seals stream holds; one that does not parse is no seal. */
function sealOf(event: RecordedEvent): StoredSeal | undefined {
  const parsed = event.type === 'LogSealed' ? logSealedSchema.safeParse(event.data) : undefined;
  return parsed?.success ? { position: event.position, revision: event.revision, seal: parsed.data } : undefined;
}

/**
 * Every seal of the log in chain order. For a check of the whole chain only (which reads the
 * whole log anyway): a sealer's start and an export read the few seals they need (lastSeal,
 * sealsAround).
 */
export async function readSeals(eventStore: EventStore): Promise<StoredSeal[]> {
  const events = await eventStore.readStream(sealStreamId);
  return events.flatMap((event) => sealOf(event) ?? []);
}

/** The log's last seal: the newest event of the seals stream (one read), or the newest before it that parses. */
export async function lastSeal(eventStore: EventStore): Promise<StoredSeal | undefined> {
  let maxCount = 1;
  let fromRevision: number | undefined;
  for (;;) {
    const page = await eventStore.readStream(sealStreamId, { backwards: true, maxCount, fromRevision });
    for (const event of page) {
      const seal = sealOf(event);
      if (seal) return seal;
    }
    const oldest = page.at(-1)?.revision ?? 0;
    if (page.length < maxCount || oldest === 0) return undefined;
    fromRevision = oldest - 1;
    maxCount = PAGE;
  }
}

/** The first seal at or after `revision` and at or before `last`: one event read, more only past events that do not parse. */
async function sealFrom(eventStore: EventStore, revision: number, last: number): Promise<StoredSeal | undefined> {
  for (let from = revision, maxCount = 1; from <= last; from += maxCount, maxCount = PAGE) {
    const page = await eventStore.readStream(sealStreamId, {
      fromRevision: from,
      maxCount: Math.min(maxCount, last - from + 1),
    });
    for (const event of page) {
      const seal = sealOf(event);
      if (seal) return seal.revision <= last ? seal : undefined;
    }
    if (page.length === 0) return undefined;
  }
  return undefined;
}

/** The seals that frame a range of the log: its anchor, and the seals after it up to the first that reaches `to`. */
export interface SealsAround {
  /** The last seal before `from` (its `upToPosition` < from); null: the chain's start. */
  anchor: StoredSeal | null;
  /** The seals after the anchor, up to and including `closing`. */
  seals: StoredSeal[];
  /** The first seal whose `upToPosition` reaches `to`; null when none does yet. */
  closing: StoredSeal | null;
}

/**
 * The seals around a range of the log, read without reading the seals stream whole: the
 * anchor by a binary search over the stream's revisions (seals cover ever later positions),
 * then the seals after it, page by page, up to the first that reaches `to`: about
 * log2(seals) + (seals in the range) reads of single events.
 */
export async function sealsAround(eventStore: EventStore, from: number, to: number): Promise<SealsAround> {
  const newest = await lastSeal(eventStore);
  if (!newest) return { anchor: null, seals: [], closing: null };
  let anchor: StoredSeal | null = null;
  let [low, high] = [0, newest.revision];
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const seal = await sealFrom(eventStore, middle, high);
    if (seal && seal.seal.upToPosition < from) {
      anchor = seal;
      low = seal.revision + 1;
    } else high = middle - 1;
  }
  const seals: StoredSeal[] = [];
  let closing: StoredSeal | null = null;
  // pages growing from a few seals: a short range needs a few, a long one is read in pages
  for (let next = (anchor?.revision ?? -1) + 1, size = 8; !closing && next <= newest.revision; next += size) {
    size = Math.min(size * 2, PAGE);
    const page = await eventStore.readStream(sealStreamId, { fromRevision: next, maxCount: size });
    for (const event of page) {
      const seal = sealOf(event);
      if (!seal) continue;
      seals.push(seal);
      if (seal.seal.upToPosition >= to) {
        closing = seal;
        break;
      }
    }
    if (page.length < size) break;
  }
  return { anchor, seals, closing };
}
