import type { LogSealed } from '@vip/contracts';
import { SegmentHasher, type ChainAnchor } from '@vip/platform';

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
}

/**
 * Recomputes the chain from a run of events in log order and checks each seal met on the way
 * (the sealer's seals are events of the log, after the span they seal). Digests since the last
 * seal are held until the next one says where its span ends: a seal interval's worth.
 *
 * After a seal that does not match, checking continues from that seal's own hash, so each
 * changed span is named once and the spans after it are checked on their own. A seal whose
 * `previousHash` is not the chain's is another chain's: reported as such, and the chain goes
 * on from it, so the events after it are not blamed.
 */
export class ChainCheck {
  private pending: Array<{ position: number; digest: Buffer; seal: boolean }> = [];
  private anchor: ChainAnchor;
  private anchorRevision: number | null;
  private seals = 0;
  private events = 0;
  /** The revision of the last seal whose span did not match. */
  private lastChanged: number | null = null;
  readonly findings: ChainFinding[] = [];

  constructor(anchor: ChainAnchor, anchorRevision: number | null) {
    this.anchor = anchor;
    this.anchorRevision = anchorRevision;
  }

  /** An event of the chain, in log order (`seal`: a seal, which only a later seal can cover). */
  add(position: number, digest: Buffer, seal = false): void {
    this.pending.push({ position, digest, seal });
    this.events++;
  }

  /** A seal met at `position` (before its own digest is added: it belongs to the next span). */
  seal(position: number, revision: number | null, seal: LogSealed): void {
    this.seals++;
    const spanEnd = seal.upToPosition;
    let cut = 0;
    while (cut < this.pending.length && this.pending[cut].position <= spanEnd) cut++;
    const span = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    const missingSeals = missingRevisions(this.anchorRevision, revision);

    // right after a seal found changed, a broken link is that seal's edit, not another chain
    const afterChanged = this.lastChanged === this.anchorRevision && this.anchorRevision !== null;
    if (seal.previousHash !== this.anchor.hash && missingSeals.length === 0 && !afterChanged) {
      this.findings.push({
        kind: 'foreign-seal',
        sealPosition: position,
        upToPosition: spanEnd,
        previousHash: seal.previousHash,
        expectedPreviousHash: this.anchor.hash,
        uncovered: span.length > 0 ? { from: span[0].position, to: span[span.length - 1].position } : null,
      });
    } else {
      const hasher = new SegmentHasher(afterChanged ? seal.previousHash : this.anchor.hash);
      for (const { digest } of span) hasher.add(digest);
      const sealedEvents = seal.count - this.anchor.count;
      if (hasher.close() !== seal.hash || sealedEvents !== span.length || missingSeals.length > 0) {
        this.lastChanged = revision;
        this.findings.push({
          kind: 'changed',
          from: this.anchor.upToPosition + 1,
          to: spanEnd,
          sealPosition: position,
          sealedEvents,
          foundEvents: span.length,
          missingSeals,
        });
      }
    }
    // the seal's own word carries the chain on, whatever came before it
    this.anchor = { hash: seal.hash, upToPosition: spanEnd, count: seal.count };
    this.anchorRevision = revision;
  }

  /**
   * The summary; events after the last seal up to `until` (the end of what was asked for) are
   * reported as not sealed yet.
   */
  finish(until = Number.POSITIVE_INFINITY): ChainSummary {
    // the last seals are always after the last span: only other events wait for a seal
    const unsealed = this.pending.filter((event) => event.position <= until && !event.seal);
    if (unsealed.length > 0)
      this.findings.push({
        kind: 'unsealed',
        from: unsealed[0].position,
        to: unsealed[unsealed.length - 1].position,
        events: unsealed.length,
      });
    return { seals: this.seals, events: this.events, findings: this.findings, lastSeal: this.anchor };
  }
}

/** The revisions of the seals stream between two seals met one after the other. */
function missingRevisions(previous: number | null, current: number | null): number[] {
  if (current === null) return [];
  const first = previous === null ? 0 : previous + 1;
  const missing: number[] = [];
  for (let revision = first; revision < current && missing.length < 100; revision++) missing.push(revision);
  return missing;
}

export const isTampering = (finding: ChainFinding): boolean => finding.kind === 'changed';
