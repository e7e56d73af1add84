import { createHash, type Hash, hash } from 'node:crypto';
import { fieldsSealedAsDigest, type LogSealed, type SealRecord } from '@vip/contracts';
import type { StoredEvent } from '../event-store/event-store.ts';

/**
 * The log's hash chain (issue #15), shared by the projections process that seals the log, the
 * export that ships a range of it and the auditor's `npm run audit -- verify`.
 *
 * An event's digest is SHA-256 of its record: position, id, stream, revision, type, time and
 * its data and metadata as stored (the text JSON.stringify wrote), as one JSON array. A seal's hash is SHA-256 of the previous
 * seal's hash (64 zeros for the first) followed by the digests of the events after the
 * previous seal up to its own `upToPosition`. So a seal carries all that continuing the chain
 * needs (its hash and position), and an export can stand an event it leaves out for its
 * digest. Data is hashed as the text JSON.stringify wrote, keys in the order the writer wrote
 * them: the embedded log hands that text over as it is, EventStoreDB's events are written
 * again from their parsed form (the same text), and so is an exported line.
 */
export const GENESIS_HASH = '0'.repeat(64);

const SEALED_PREFIX = 'sha256:';

/**
 * The event's data text with its sealed fields (a password hash) replaced by their digest;
 * any other event's text as it is (parsed only for the few types with such a field).
 */
export function sealedDataText(type: string, dataText: string): string {
  const fields = fieldsSealedAsDigest[type];
  if (!fields) return dataText;
  const data = JSON.parse(dataText) as unknown;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return dataText;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = `${SEALED_PREFIX}${hash('sha256', value)}`;
  }
  return JSON.stringify(copy);
}

/**
 * The text the chain hashes for one event: a JSON array of its position, id, stream,
 * revision, type, time and its (sealed) data and metadata, as JSON.stringify writes it.
 */
export function sealRecordText(record: SealRecord): string {
  return recordText(record, JSON.stringify(record.data ?? null), JSON.stringify(record.metadata ?? null));
}

function recordText(
  event: Pick<StoredEvent, 'position' | 'id' | 'streamId' | 'revision' | 'type' | 'recordedAt'>,
  dataText: string,
  metadataText: string,
): string {
  return `[${event.position},${JSON.stringify(event.id)},${JSON.stringify(event.streamId)},${event.revision},${JSON.stringify(event.type)},${event.recordedAt},${dataText},${metadataText}]`;
}

/** SHA-256 of a record's text, as 32 bytes. */
export const digestOfText = (text: string): Buffer => hash('sha256', text, 'buffer');

/** The event's digest, from its stored text; `dataText`: its data text already sealed. */
export function storedDigest(event: StoredEvent, dataText = sealedDataText(event.type, event.data)): Buffer {
  return digestOfText(recordText(event, dataText, event.metadata));
}

/** The hash of one seal's span: the previous hash, then each digest in log order. */
export class SegmentHasher {
  private readonly hasher: Hash;
  constructor(previousHash: string | null) {
    this.hasher = createHash('sha256').update(previousHash ?? GENESIS_HASH);
  }
  add(digest: Buffer): void {
    this.hasher.update(digest);
  }
  close(): string {
    return this.hasher.digest('hex');
  }
  /** The hash so far, leaving the segment open for more. */
  current(): string {
    return this.hasher.copy().digest('hex');
  }
}

/** Where a chain stands: after the seal it continues (or the start of the log). */
export interface ChainAnchor {
  /** The anchoring seal's hash; null at the start of the log. */
  hash: string | null;
  upToPosition: number;
  count: number;
}

export const chainStart: ChainAnchor = { hash: null, upToPosition: 0, count: 0 };

export const anchorOf = (seal: Pick<LogSealed, 'hash' | 'upToPosition' | 'count'>): ChainAnchor => ({
  hash: seal.hash,
  upToPosition: seal.upToPosition,
  count: seal.count,
});

/**
 * A running chain, as the sealer keeps it: events are added in log order, and `seal()` gives
 * the seal of everything added since the anchor and anchors the chain on it.
 */
export class RunningChain {
  private segment: SegmentHasher;
  private anchor: ChainAnchor;
  private added = 0;
  private lastPosition: number;

  constructor(anchor: ChainAnchor = chainStart) {
    this.anchor = anchor;
    this.segment = new SegmentHasher(anchor.hash);
    this.lastPosition = anchor.upToPosition;
  }

  /** Events added since the last seal. */
  get pending(): number {
    return this.added;
  }

  get position(): number {
    return this.lastPosition;
  }

  get anchoredOn(): ChainAnchor {
    return this.anchor;
  }

  /** Adds the event; one the chain already covers (a redelivery) is left out. Returns whether it was added. */
  add(event: StoredEvent): boolean {
    if (event.position <= this.lastPosition) return false;
    this.segment.add(storedDigest(event));
    this.lastPosition = event.position;
    this.added++;
    return true;
  }

  /** The seal of what was added since the anchor, or null when nothing was. */
  peek(): Omit<LogSealed, 'sealedAt'> | null {
    if (this.added === 0) return null;
    return {
      upToPosition: this.lastPosition,
      hash: this.segment.current(),
      count: this.anchor.count + this.added,
      previousHash: this.anchor.hash,
    };
  }

  /** Anchors the chain on this seal (once it is in the log). */
  anchorOn(seal: Omit<LogSealed, 'sealedAt'>): void {
    this.anchor = anchorOf(seal);
    this.segment = new SegmentHasher(seal.hash);
    this.lastPosition = seal.upToPosition;
    this.added = 0;
  }
}
