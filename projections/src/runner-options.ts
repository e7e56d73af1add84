import type { DivergencePolicy, Metrics } from '@vip/platform';
import type { ProjectedEvent } from './projector.ts';

/** What a committed batch changed; the /ws gateway pushes from this. */
export interface AppliedBatch {
  events: ProjectedEvent[];
  position: number;
}

export interface RunnerOptions {
  /** Largest batch applied in one read-store transaction. */
  maxBatchSize?: number;
  /** Where each projection's lag is reported at every scrape of /metrics. */
  metrics?: Metrics;
  /** Read models ahead of the log at start: refuse to start (default), or rebuild them. */
  onDivergence?: DivergencePolicy;
  /** Wait before resubscribing after the subscription failed or ended; doubles on each loss in a row. */
  retryFirstMs?: number;
  retryMaxMs?: number;
  /** Events a step of a build beside the live read models reads and applies at once (one transaction). */
  buildPageSize?: number;
  /** How long replaced collections are kept after a switch: readers in other processes follow it within a second. */
  retireAfterMs?: number;
  /** Projections, or builds (`audit@v3`), paused from the start, as pause() would. */
  paused?: readonly string[];
}
