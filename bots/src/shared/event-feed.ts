import type { Subscription } from 'rxjs';
import { parseRecordedEvent, type EventOf, type EventType } from '@vip/contracts';
import type { EventStore, Logger } from '@vip/platform';

/** An event as the bots see it: its data, where it sits in the log and when it was written. */
export type FedEvent<T extends EventType = EventType> = EventOf<T> & { position: number; createdAt: Date };

type Listener = (event: FedEvent) => void;

/**
 * The bots' view of the log: a subscription to `$all` from the beginning that hands each
 * event of a wanted type to the listeners registered for it, in registration order. The
 * bots keep no state of their own: settings, VIP windows and schedules are folds of this
 * feed, so a restarted bot (or a new shard) rebuilds them by reading the log again.
 */
export class EventFeed {
  private readonly listeners = new Map<EventType, Listener[]>();
  private subscription: Subscription | undefined;
  /** Position of the last event handed out (wanted or not). */
  private position = 0;
  private waiters: { position: number; resolve: () => void }[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
  ) {}

  on<T extends EventType>(types: readonly T[], listener: (event: FedEvent<T>) => void): void {
    for (const type of types) {
      const list = this.listeners.get(type) ?? [];
      list.push(listener as Listener);
      this.listeners.set(type, list);
    }
  }

  /** Resolves once the feed has caught up with the log; afterwards it stays live. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      let caughtUp = false;
      this.subscription = this.store.subscribeToAll({ maxBatchSize: 1000 }).subscribe({
        next: (batch) => {
          for (const recorded of batch.events) {
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
          if (batch.events.length > 0) this.passed(batch.events[batch.events.length - 1].position);
          if (batch.caughtUp && !caughtUp) {
            caughtUp = true;
            resolve();
          }
          batch.ack();
        },
        error: (error) => {
          this.logger.error({ err: error }, 'the event subscription failed');
          if (!caughtUp) reject(error);
        },
      });
    });
  }

  /**
   * Resolves once the feed has handed out the event at `position` (or gives up after
   * `timeoutMs`): a bot that just recorded a setting waits for it before acting on it.
   */
  reached(position: number | null, timeoutMs = 5_000): Promise<void> {
    if (position === null || position <= this.position) return Promise.resolve();
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
    this.position = position;
    const done = this.waiters.filter((waiter) => waiter.position <= position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of done) waiter.resolve();
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }
}
