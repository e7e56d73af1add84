import type { LogSealed } from '@vip/contracts';
import { type ChainAnchor, SegmentHasher, type StoredSeal } from '@vip/platform';

/** What checking the chain found. `changed` is tampering; the others are not. */
export type ChainFinding =
  | {
      kind: 'changed';
      /** The first and last position of the seal's span: something in it was edited, deleted, added or moved. */
      from: number;
      to: number;
      sealPosition: number;
      /** Events the seal counted in its span, and events found there now. */
      sealedEvents: number;
      foundEvents: number;
      /** Seals missing between this one and the one before (their revisions), if any. */
      missingSeals: number[];
    }
  | {
      kind: 'foreign-seal';
      /** A seal that continues a chain this log does not hold (e.g. from a restored backup). */
      sealPosition: number;
      upToPosition: number;
      previousHash: string | null;
      /** The hash the chain had reached here. */
      expectedPreviousHash: string | null;
      /** Events after the last seal of this chain up to the foreign seal's span end: covered by no seal of this chain. */
      uncovered: { from: number; to: number } | null;
    }
  | { kind: 'unsealed'; from: number; to: number; events: number };

export interface ChainSummary {
  seals: number;
  events: number;
  findings: ChainFinding[];
  /** The last seal checked (or the anchor). */
  lastSeal: ChainAnchor;
  /** The log was rewritten by the operator (personal data encrypted): what its first seal records of it. */
  rewrittenFrom?: LogSealed['rewrittenFrom'];
}

/** The events of the span being hashed: how many, the first and last, and those that are not seals. */
interface Span {
  hasher: SegmentHasher;
  events: number;
  first: number | null;
  last: number | null;
  others: { first: number; last: number; events: number } | null;
}

/**
 * Recomputes the chain over a run of events in log order and checks the seals, known in
 * advance in chain order (the seals stream, or an export's range line): a seal's span ends at
 * its `upToPosition`, wherever the seal itself lies in the log (a sealer catching up with a
 * long log appends its seals after all of it). One span is hashed at a time, nothing held.
 *
 * After a seal that does not match, checking continues from that seal's own hash, so each
 * changed span is named once and the spans after it are checked on their own. A seal whose
 * `previousHash` is not the chain's is another chain's: reported as such, and the chain goes
 * on from it, so the events after it are not blamed.
 */
export class ChainCheck {
  private anchor: ChainAnchor;
  private anchorRevision: number | null;
  private span: Span;
  private next = 0;
  private events = 0;
  /** The revision of the last seal whose span did not match. */
  private lastChanged: number | null = null;
  readonly findings: ChainFinding[] = [];

  constructor(
    anchor: ChainAnchor,
    anchorRevision: number | null,
    private readonly seals: readonly StoredSeal[],
  ) {
    this.anchor = anchor;
    this.anchorRevision = anchorRevision;
    this.span = openSpan(anchor.hash);
  }

  /** An event of the chain, in log order (`seal`: a seal's own event, which only a later seal covers). */
  add(position: number, digest: Buffer, seal = false): void {
    while (this.next < this.seals.length && position > this.seals[this.next].seal.upToPosition) this.closeSpan();
    const { span } = this;
    span.hasher.add(digest);
    span.events++;
    span.first ??= position;
    span.last = position;
    if (!seal) {
      span.others ??= { first: position, last: position, events: 0 };
      span.others.last = position;
      span.others.events++;
    }
    this.events++;
  }

  private closeSpan(): void {
    const { position, revision, seal } = this.seals[this.next++];
    const span = this.span;
    const missingSeals = missingRevisions(this.anchorRevision, revision);
    // right after a seal found changed, a broken link is that seal's edit, not another chain
    const afterChanged = this.lastChanged !== null && this.lastChanged === this.anchorRevision;
    if (seal.previousHash !== this.anchor.hash && missingSeals.length === 0 && !afterChanged) {
      this.findings.push({
        kind: 'foreign-seal',
        sealPosition: position,
        upToPosition: seal.upToPosition,
        previousHash: seal.previousHash,
        expectedPreviousHash: this.anchor.hash,
        uncovered: span.first !== null && span.last !== null ? { from: span.first, to: span.last } : null,
      });
    } else {
      // after an edited seal the span cannot be hashed from its (edited) hash: changed, as the seal's event lies in it
      const hash = afterChanged && seal.previousHash !== this.anchor.hash ? null : span.hasher.close();
      const sealedEvents = seal.count - this.anchor.count;
      if (hash !== seal.hash || sealedEvents !== span.events || missingSeals.length > 0) {
        this.lastChanged = revision;
        this.findings.push({
          kind: 'changed',
          from: this.anchor.upToPosition + 1,
          to: seal.upToPosition,
          sealPosition: position,
          sealedEvents,
          foundEvents: span.events,
          missingSeals,
        });
      }
    }
    // the seal's own word carries the chain on, whatever came before it
    this.anchor = { hash: seal.hash, upToPosition: seal.upToPosition, count: seal.count };
    this.anchorRevision = revision;
    this.span = openSpan(seal.hash);
  }

  /**
   * Closes the spans of the seals left (their span ends where the run does, or events at its
   * end are gone), and reports the events after the last seal up to `until` as not sealed yet.
   */
  finish(until = Number.POSITIVE_INFINITY): ChainSummary {
    while (this.next < this.seals.length) this.closeSpan();
    const others = this.span.others;
    if (others && others.first <= until)
      this.findings.push({
        kind: 'unsealed',
        from: others.first,
        to: Math.min(others.last, until),
        events: others.events,
      });
    return { seals: this.seals.length, events: this.events, findings: this.findings, lastSeal: this.anchor };
  }
}

function openSpan(previousHash: string | null): Span {
  return { hasher: new SegmentHasher(previousHash), events: 0, first: null, last: null, others: null };
}

/** The revisions of the seals stream between two seals met one after the other. */
function missingRevisions(previous: number | null, current: number): number[] {
  const first = previous === null ? 0 : previous + 1;
  const missing: number[] = [];
  for (let revision = first; revision < current && missing.length < 100; revision++) missing.push(revision);
  return missing;
}
