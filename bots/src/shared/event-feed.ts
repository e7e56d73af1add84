import { type EventOf, type EventType, parseRecordedEvent } from '@vip/contracts';
import type { EventBatch, EventStore, Logger } from '@vip/platform';
import type { Subscription } from 'rxjs';

/** An event as the bots see it: its data, where it sits in the log and when it was written. */
export type FedEvent<T extends EventType = EventType> = EventOf<T> & { position: number; createdAt: Date };

type Listener = (event: FedEvent) => void;

export interface EventFeedOptions {
  /** Wait before the first resubscription after a failure; doubles on each failure in a row. */
  retryFirstMs?: number;
  /** The longest wait between resubscriptions. */
  retryMaxMs?: number;
  /**
   * Which servers this process keeps (a shard its own): an event about another server
   * (`data.guildId`) reaches no listener. Events without a server always do.
   */
  holdsGuild?: (guildId: string) => boolean;
}

/** What the feed is doing, for health checks. */
export type FeedState = 'catching up' | 'live' | 'down' | 'stopped';

/**
 * The bots' view of the log: a subscription to `$all` that hands each event of a wanted type
 * to the listeners registered for it, in registration order. The bots keep no state of their
 * own: settings, VIP windows and schedules are folds of this feed, saved now and then with
 * the position they cover (fold-checkpoint.ts), so a restarted bot (or a new shard) resumes
 * after its snapshot instead of reading the log from the beginning.
 *
 * A subscription that fails (an EventStoreDB restart) or ends while the feed is not being
 * stopped is taken up again after the last event handed out, with a growing wait between
 * attempts, so every event reaches the listeners once and the folds never go stale.
 */
export class EventFeed {
  private readonly listeners = new Map<EventType, Listener[]>();
  private readonly batchListeners: ((events: number) => void)[] = [];
  private read = 0;
  private subscription: Subscription | undefined;
  /** Position of the last event handed out (wanted or not); undefined before the first. */
  private last: number | undefined;
  private waiters: { position: number; resolve: () => void }[] = [];
  private state: FeedState = 'catching up';
  private lastProblem = '';
  private failuresInARow = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryAt = 0;
  /** Counts subscriptions, so that a replaced one's late callbacks are ignored. */
  private generation = 0;
  private caughtUpOnce: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  private readonly holdsGuild: (guildId: string) => boolean;

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    options: EventFeedOptions = {},
  ) {
    this.retryFirstMs = options.retryFirstMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.holdsGuild = options.holdsGuild ?? (() => true);
  }

  on<T extends EventType>(types: readonly T[], listener: (event: FedEvent<T>) => void): void {
    for (const type of types) {
      const list = this.listeners.get(type) ?? [];
      list.push(listener as Listener);
      this.listeners.set(type, list);
    }
  }

  /** After each batch the feed handed out, with the number of events it held (a checkpoint counts them). */
  onBatch(listener: (events: number) => void): void {
    this.batchListeners.push(listener);
  }

  /**
   * Resolves once the feed has caught up with the log; afterwards it stays live. `after` is
   * the position the listeners' folds already cover (a snapshot's); null reads from the start.
   * A store that cannot be read yet is retried (as after any failure); stop() rejects the wait.
   */
  start(after: number | null = null): Promise<void> {
    this.last = after ?? undefined;
    return new Promise((resolve, reject) => {
      this.caughtUpOnce = { resolve, reject };
      this.state = 'catching up';
      this.subscribe();
    });
  }

  /** true while the feed follows the log; otherwise why not (for /api/ready). */
  health(): true | string {
    switch (this.state) {
      case 'live':
        return true;
      case 'catching up':
        return this.failuresInARow > 0
          ? `catching up with the log again after: ${this.lastProblem}`
          : 'catching up with the log';
      case 'down':
        return `event feed down (${this.lastProblem}); resubscribing in ${Math.max(0, this.retryAt - Date.now())} ms`;
      case 'stopped':
        return 'event feed stopped';
    }
  }

  get status(): FeedState {
    return this.state;
  }

  /** Position of the last event handed out (or the one the feed resumed after), or null before the first. */
  get position(): number | null {
    return this.last ?? null;
  }

  /** Events the store handed this feed since it was made, wanted or not: what a start costs. */
  get eventsRead(): number {
    return this.read;
  }

  private subscribe(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation && this.state !== 'stopped';
    this.subscription = this.store.subscribeToAll({ after: this.last, maxBatchSize: 1000 }).subscribe({
      next: (batch) => {
        if (current()) this.deliver(batch);
      },
      error: (error: unknown) => {
        if (current()) this.lost(error instanceof Error ? error.message : String(error), error);
      },
      complete: () => {
        if (current()) this.lost('the subscription ended', undefined);
      },
    });
  }

  private deliver(batch: EventBatch): void {
    this.read += batch.events.length;
    for (const recorded of batch.events) {
      // a store that hands an event out again after a resubscription: the listeners had it
      if (this.last !== undefined && recorded.position <= this.last) continue;
      this.last = recorded.position;
      const listeners = this.listeners.get(recorded.type as EventType);
      if (!listeners) continue; // most of the log is none of the bots' business
      let event: FedEvent;
      try {
        event = {
          ...parseRecordedEvent(recorded),
          position: recorded.position,
          createdAt: recorded.createdAt,
        } as FedEvent;
      } catch (error) {
        this.logger.warn(
          { err: error, position: recorded.position, type: recorded.type },
          'skipping an unreadable event',
        );
        continue;
      }
      const guildId = (event.data as { guildId?: unknown }).guildId;
      if (typeof guildId === 'string' && !this.holdsGuild(guildId)) continue; // another shard's server
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          this.logger.error(
            { err: error, position: recorded.position, type: recorded.type },
            'an event listener failed',
          );
        }
      }
    }
    if (this.last !== undefined) this.passed(this.last);
    for (const listener of this.batchListeners) listener(batch.events.length);
    if (batch.caughtUp && this.state !== 'live') {
      if (this.failuresInARow > 0) this.logger.info({ after: this.last ?? null }, 'event feed live again');
      this.state = 'live';
      this.failuresInARow = 0;
      this.caughtUpOnce?.resolve();
      this.caughtUpOnce = undefined;
    }
    batch.ack();
  }

  /** The subscription failed or ended: take it up again after the last event handed out. */
  private lost(problem: string, error: unknown): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    const delay = Math.min(this.retryMaxMs, this.retryFirstMs * 2 ** this.failuresInARow);
    this.failuresInARow += 1;
    this.lastProblem = problem;
    this.state = 'down';
    this.retryAt = Date.now() + delay;
    this.logger.error(
      { err: error, after: this.last ?? null, attempt: this.failuresInARow, retryInMs: delay },
      `the event subscription was lost (${problem}); resubscribing`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.state !== 'down') return;
      this.state = 'catching up';
      this.subscribe();
    }, delay);
  }

  /**
   * Resolves once the feed has handed out the event at `position` (or gives up after
   * `timeoutMs`): a bot that just recorded a setting waits for it before acting on it.
   */
  reached(position: number | null, timeoutMs = 5_000): Promise<void> {
    if (position === null || (this.last !== undefined && position <= this.last)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        resolve();
      }, timeoutMs).unref();
    });
  }

  private passed(position: number): void {
    const done = this.waiters.filter((waiter) => waiter.position <= position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of done) waiter.resolve();
  }

  stop(): void {
    this.state = 'stopped';
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.caughtUpOnce?.reject(new Error('the event feed was stopped before it caught up with the log'));
    this.caughtUpOnce = undefined;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }
}
