import { randomUUID } from 'node:crypto';
import { concatMap, type Subscription } from 'rxjs';
import { currentSchemaVersion, sealStreamId, systemActor, type LogSealed } from '@vip/contracts';
import {
  anchorOf,
  chainStart,
  isWrongExpectedRevision,
  readSeals,
  RunningChain,
  type EventBatch,
  type EventStore,
  type ExpectedRevision,
  type Logger,
} from '@vip/platform';

export interface SealerOptions {
  /** A seal after this many events. */
  every: number;
  /** ... and at least this often while events come. */
  minutes: number;
  logger: Logger;
  now?: () => Date;
  /** Events hashed per page of the log. */
  pageSize?: number;
}

const RETRY_MS = 5000;

/**
 * Seals the log (issue #15): follows it from the last seal with a subscription of its own,
 * hashes every event in order into the running chain, and appends `LogSealed` to the seals
 * stream every `every` events and at least every `minutes` while events come.
 *
 * Its own subscription rather than the projection runner's batches: the chain must hash each
 * event as the log stores it (data before upcasting, events of types this version does not
 * know, and those that fail their schema, which the runner parses, upcasts or skips), and it
 * resumes from the last seal, not from the read models' checkpoints (a rebuild resets those).
 * It shares nothing with the runner, so a slow projector never holds a seal back and the
 * runner's code stays as it is. Seals are appended with the seals stream's expected
 * revision, so two sealers, or a sealer whose log was restored under it, never fork the
 * chain: the loser starts again from the log's last seal.
 */
export class LogSealer {
  private chain = new RunningChain();
  private revision: ExpectedRevision = 'no_stream';
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Whether events other than seals came since the last seal: a timed seal of seals alone would never end. */
  private news = false;
  private failedAt = 0;
  /** Which subscription's batches count: a restart drops those of the one before. */
  private generation = 0;
  private stopped = true;
  private caughtUp = false;
  private caughtUpWaiters: Array<() => void> = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly options: SealerOptions,
  ) {}

  /**
   * Starts from the log's last seal; resolves once it follows the log (not once it has caught
   * up: the product is ready without waiting for the chain, see whenCaughtUp).
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.follow();
    this.timer = setInterval(() => this.exclusive(() => this.sealIfNews()), this.options.minutes * 60_000);
    this.timer.unref();
  }

  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /** The chain's position (the last event hashed) and the seal it continues. */
  status(): { position: number; pending: number; anchoredOn: number } {
    return {
      position: this.chain.position,
      pending: this.chain.pending,
      anchoredOn: this.chain.anchoredOn.upToPosition,
    };
  }

  /** Seals what was hashed so far, if anything but seals came since the last one (a clean shutdown, a test). */
  sealNow(): Promise<void> {
    return this.exclusive(() => this.sealIfNews());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    await this.queue.catch(() => undefined);
  }

  /** Reads the last seal and follows the log from there: re-hashing what came after it, never from 0. */
  private async follow(): Promise<void> {
    const generation = await this.exclusive(async () => {
      const seals = await readSeals(this.eventStore);
      const last = seals.at(-1);
      this.chain = new RunningChain(last ? anchorOf(last.seal) : chainStart);
      this.revision = last ? last.revision : 'no_stream';
      this.news = false;
      this.options.logger.info(
        { after: this.chain.position, seals: seals.length },
        'the log sealer resumes from the last seal',
      );
      return ++this.generation;
    });
    if (this.stopped) return;
    this.subscription = this.eventStore
      .subscribeToAll({ after: this.chain.position, maxBatchSize: this.options.pageSize ?? 1000 })
      .pipe(concatMap((batch) => this.exclusive(() => this.hash(batch, generation))))
      .subscribe({ error: (error: unknown) => this.restart(error) });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async hash(batch: EventBatch, generation: number): Promise<void> {
    // a batch of a subscription given up (the chain started again from the log's last seal)
    if (this.stopped || generation !== this.generation) return;
    for (const event of batch.events) {
      if (!this.chain.add(event)) continue;
      if (event.type !== 'LogSealed') this.news = true;
      if (this.chain.pending >= this.options.every && !(await this.seal())) break;
    }
    batch.ack();
    if (batch.caughtUp && !this.caughtUp) {
      this.caughtUp = true;
      for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
    }
  }

  private async sealIfNews(): Promise<void> {
    if (this.news && !this.stopped) await this.seal();
  }

  /** Appends the seal of what was hashed since the last one; false when it could not (the chain then starts again). */
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
        this.restart(undefined);
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

  private restart(error: unknown): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    if (this.stopped) return;
    if (error !== undefined) this.options.logger.error({ err: error }, 'the log sealer failed; starting again');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.follow().catch((next: unknown) => this.restart(next));
      },
      error === undefined ? 0 : 1000,
    );
  }
}
