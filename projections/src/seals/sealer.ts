import { randomUUID } from 'node:crypto';
import { currentSchemaVersion, type LogSealed, sealStreamId, systemActor } from '@vip/contracts';
import { anchorOf, chainStart, RunningChain } from '@vip/platform/audit/seal-chain.ts';
import { lastSeal } from '@vip/platform/audit/seals.ts';
import { readStoredEvents } from '@vip/platform/audit/stored-events.ts';
// the modules it needs, not platform's index: the sealer runs in a thread of its own, where
// every module imported is memory held twice (koa, argon2, the read store would be ~50 MB)
import {
  type EventStore,
  type ExpectedRevision,
  isWrongExpectedRevision,
} from '@vip/platform/event-store/event-store.ts';
import type { Logger } from '@vip/platform/logger.ts';

export interface SealerOptions {
  /** A seal after this many events. */
  every: number;
  /** ... and at least this often while events come. */
  minutes: number;
  logger: Logger;
  now?: () => Date;
  /** Events hashed per page of the log. */
  pageSize?: number;
  /** How often a caught-up sealer looks for new events. */
  pollMs?: number;
}

const RETRY_MS = 5000;

/**
 * Seals the log (issue #15): reads it from the last seal on, hashes every event in order into
 * the running chain, and appends `LogSealed` to the seals stream every `every` events and at
 * least every `minutes` while events come.
 *
 * It reads the log itself, page by page as stored (readStoredEvents: the embedded log hands
 * each event's text over unparsed), rather than taking the projection runner's batches: the
 * chain hashes each event as the log stores it (the runner has parsed and upcast it, and skips
 * events of unknown types or that fail their schema); it resumes from the last seal, not from
 * the read models' checkpoints (a rebuild resets those); a slow projector never holds a seal
 * back; and the runner's code stays as it is. Caught up, it looks for new events every
 * `pollMs` (one head query): a seal need not follow its events within the millisecond.
 * Seals are appended with the seals stream's expected revision, so two sealers, or a sealer
 * whose log was restored under it, never fork the chain: the loser starts again from the
 * log's last seal.
 */
export class LogSealer {
  private chain = new RunningChain();
  private revision: ExpectedRevision = 'no_stream';
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Whether events other than seals came since the last seal: a timed seal of seals alone would never end. */
  private news = false;
  private failedAt = 0;
  private stopped = true;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private caughtUp = false;
  private caughtUpWaiters: Array<() => void> = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly options: SealerOptions,
  ) {}

  /**
   * Starts from the log's last seal; resolves once it has read where to start (not once it has
   * caught up: the product is ready without waiting for the chain, see whenCaughtUp).
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.exclusive(() => this.resume());
    this.timer = setInterval(() => this.exclusive(() => this.sealIfNews()), this.options.minutes * 60_000);
    this.timer.unref();
    this.running = this.run();
  }

  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /** Seals what was hashed so far, if anything but seals came since the last one (a clean shutdown, a test). */
  sealNow(): Promise<void> {
    return this.exclusive(() => this.sealIfNews());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.wake?.();
    await this.running;
    await this.queue.catch(() => undefined);
  }

  /** The last seal tells where the chain stands: only what came after it is hashed, never the log from 0. */
  private async resume(): Promise<void> {
    // the last seal alone (one event read), never the whole seals stream
    const last = await lastSeal(this.eventStore);
    this.chain = new RunningChain(last ? anchorOf(last.seal) : chainStart);
    this.revision = last ? last.revision : 'no_stream';
    this.news = false;
    this.options.logger.info(
      { after: this.chain.position, seals: last ? last.revision + 1 : 0 },
      'the log sealer resumes from the last seal',
    );
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let more = false;
      try {
        more = await this.exclusive(() => this.hashNextPage());
      } catch (error) {
        this.options.logger.error({ err: error }, 'the log sealer could not read the log; trying again');
      }
      if (!more && !this.stopped)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs ?? 1000);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Hashes the next page of the log; true when there may be more to read at once. */
  private async hashNextPage(): Promise<boolean> {
    const pageSize = this.options.pageSize ?? 1000;
    const page = await readStoredEvents(this.eventStore, { after: this.chain.position, maxCount: pageSize });
    for (const event of page) {
      if (!this.chain.add(event)) continue;
      if (event.streamId !== sealStreamId) this.news = true;
      // the chain started again from the log's last seal: read on from there
      if (this.chain.pending >= this.options.every && !(await this.seal())) return true;
    }
    if (page.length < pageSize && !this.caughtUp) {
      this.caughtUp = true;
      for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
    }
    return page.length === pageSize;
  }

  private async sealIfNews(): Promise<void> {
    if (this.news && !this.stopped) await this.seal();
  }

  /** Appends the seal of what was hashed since the last one; false when the chain had to start again. */
  private async seal(): Promise<boolean> {
    const seal = this.chain.peek();
    if (!seal) return true;
    // after a failed append, the next tries wait a little instead of one per event
    if (Date.now() - this.failedAt < RETRY_MS) return true;
    const data: LogSealed = { ...seal, sealedAt: (this.options.now?.() ?? new Date()).toISOString() };
    const correlationId = randomUUID();
    try {
      const result = await this.eventStore.append(
        sealStreamId,
        [
          {
            type: 'LogSealed',
            data,
            metadata: {
              correlationId,
              causationId: correlationId,
              actor: systemActor,
              schemaVersion: currentSchemaVersion('LogSealed'),
            },
          },
        ],
        this.revision,
      );
      this.revision = result.nextRevision;
      this.chain.anchorOn(seal);
      this.news = false;
      return true;
    } catch (error) {
      if (isWrongExpectedRevision(error)) {
        // another seal is in the log: the chain continues from the log's last seal, not from ours
        this.options.logger.warn(
          { err: error },
          'the seals stream moved under the sealer; starting again from its last seal',
        );
        await this.resume();
        return false;
      }
      this.failedAt = Date.now();
      this.options.logger.error(
        { err: error, upToPosition: seal.upToPosition },
        'sealing the log failed; trying again',
      );
      return true;
    }
  }
}
