import { Subject, concatMap, type Subscription } from 'rxjs';
import { isKnownEventType, parseEvent, readModels, type CheckpointDocument } from '@vip/contracts';
import { readCheckpoints, type EventBatch, type EventStore, type Logger, type ReadStore, type RecordedEvent } from '@vip/platform';
import type { ProjectedEvent, Projector } from './projector.ts';

/** What a committed batch changed; the /ws gateway pushes from this. */
export interface AppliedBatch {
  events: ProjectedEvent[];
  position: number;
}

const RETRY_MS = 1000;

/**
 * Keeps read models up to date: catches up from the checkpoints, then follows the log live.
 * A batch's read-model updates and checkpoints are written in one read-store transaction,
 * and only then announced on `applied$`, so a push never runs ahead of the read model.
 */
export class ProjectionRunner {
  readonly applied$ = new Subject<AppliedBatch>();
  private readonly checkpoints = new Map<string, number>();
  private subscription: Subscription | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private caughtUpWaiters: Array<() => void> = [];
  private caughtUp = false;
  private stopped = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projectors: readonly Projector[],
    private readonly logger: Logger,
    private readonly maxBatchSize = 500,
  ) {}

  /** Starts following the log; resolves once the read models have caught up with it. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.subscribe();
    await this.whenCaughtUp();
  }

  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  checkpointOf(name: string): number | null {
    return this.checkpoints.get(name) ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  private async subscribe(): Promise<void> {
    const stored = await readCheckpoints(this.readStore);
    this.checkpoints.clear();
    for (const projector of this.projectors) {
      const position = stored.get(projector.name);
      if (position !== undefined) this.checkpoints.set(projector.name, position);
    }
    // the slowest read model decides where to resume; faster ones skip what they have
    const positions = this.projectors.map((p) => this.checkpoints.get(p.name));
    const after = positions.some((p) => p === undefined) ? undefined : Math.min(...(positions as number[]));

    this.logger.info({ after: after ?? null, projections: this.projectors.map((p) => p.name) }, 'projections resuming from their checkpoint');
    this.subscription = this.eventStore
      .subscribeToAll({ after, maxBatchSize: this.maxBatchSize })
      .pipe(concatMap((batch) => this.process(batch)))
      .subscribe({
        error: (error: unknown) => this.recover(error),
        complete: () => this.logger.info('event subscription completed'),
      });
  }

  private async process(batch: EventBatch): Promise<void> {
    if (batch.events.length > 0) await this.applyEvents(batch.events);
    batch.ack();
    if (batch.caughtUp && !this.caughtUp) {
      this.caughtUp = true;
      for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
    }
  }

  /** Applies recorded events (in position order) and moves the checkpoints past them. */
  async applyEvents(recorded: RecordedEvent[]): Promise<void> {
    const events = recorded.flatMap((event) => this.toProjected(event));
    const position = recorded[recorded.length - 1].position;
    const checkpoints = this.readStore.collection<CheckpointDocument>(readModels.checkpoints);
    await this.readStore.transaction(async () => {
      for (const event of events) {
        for (const projector of this.projectors) {
          if (projector.handles.has(event.type) && event.position > (this.checkpoints.get(projector.name) ?? -1)) {
            await projector.apply(event, this.readStore);
          }
        }
      }
      const updatedAt = new Date().toISOString();
      for (const projector of this.projectors) {
        await checkpoints.replaceOne({ _id: projector.name }, { _id: projector.name, position, updatedAt }, { upsert: true });
      }
    });
    for (const projector of this.projectors) this.checkpoints.set(projector.name, position);
    this.applied$.next({ events, position });
  }

  private toProjected(event: RecordedEvent): ProjectedEvent[] {
    // events of types this version does not know (written by a newer one) are not ours
    if (!isKnownEventType(event.type)) return [];
    try {
      const domain = parseEvent(event.type, event.data);
      return [{ ...domain, streamId: event.streamId, position: event.position, metadata: event.metadata, createdAt: event.createdAt } as ProjectedEvent];
    } catch (error) {
      // the log is immutable: a malformed event is reported, never allowed to stop every read model
      this.logger.error({ err: error, position: event.position, type: event.type }, 'skipping an event that does not match its schema');
      return [];
    }
  }

  private recover(error: unknown): void {
    this.subscription = undefined;
    if (this.stopped) return;
    this.logger.error({ err: error }, `projection runner failed; resuming from the checkpoints in ${RETRY_MS} ms`);
    this.retryTimer = setTimeout(() => {
      this.subscribe().catch((next: unknown) => this.recover(next));
    }, RETRY_MS);
  }
}
