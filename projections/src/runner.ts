import type { EventType } from '@vip/contracts';
import {
  type DivergencePolicy,
  type EventBatch,
  type EventStore,
  EventsBehind,
  type Logger,
  type ProjectionStatus,
  type ReadStore,
  type RecordedEvent,
  readCheckpoints,
  type VersionedReadStore,
  versionedReadStoreOf,
} from '@vip/platform';
import { concatMap, Subject, type Subscription } from 'rxjs';
import { applyInOneTransaction, readPages } from './apply-pages.ts';
import { settleDivergence } from './log-divergence.ts';
import { logBatch } from './projected-events.ts';
import { ensureIndexes, type Projector } from './projector.ts';
import { liveAfterSwitch, ReadModelBuilds, routesOf } from './read-model-builds.ts';
import { planReadModels, type ReadModelBuild } from './read-model-versions.ts';
import type { AppliedBatch, RunnerOptions } from './runner-options.ts';

export type { AppliedBatch, RunnerOptions } from './runner-options.ts';

/**
 * Keeps read models up to date: catches up from the checkpoints, then follows the log live.
 * The projectors apply a batch in memory (DocumentBatch); its documents are then written once
 * each and the checkpoints once, in one read-store transaction, and only then announced on
 * `applied$`, so a push never runs ahead of the read model.
 * One batch at a time: batches, catch-ups after a resume and stop() queue behind each other.
 */
export class ProjectionRunner {
  readonly applied$ = new Subject<AppliedBatch>();
  private readonly checkpoints = new Map<string, number>();
  /** The projectors of each event type, in projector order: the live ones, then those being built. */
  private routes = new Map<EventType, Projector[]>();
  /** Reads the names readers follow; `store` is the same store by physical names, which the runner writes. */
  private readonly names: VersionedReadStore;
  private readonly store: ReadStore;
  /** What follows the log live: per projection, the code that built its active read model. */
  private live: Projector[];
  /** The physical collection each projector's collection names stand for while it applies events. */
  private namesOf = new Map<Projector, (collection: string) => string>();
  /** New versions being built beside the live read models. */
  readonly builds: ReadModelBuilds;
  private readonly paused: Set<string>;
  private subscription: Subscription | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private caughtUpWaiters: Array<() => void> = [];
  private caughtUp = false;
  private stopped = false;
  /** Position of the last live batch handled, whichever projections it reached. */
  private position = 0;
  /** The batch (or catch-up) being applied, and everything queued behind it. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly maxBatchSize: number;
  private stopWatching: (() => void) | undefined;
  private readonly eventsBehind: EventsBehind;
  private readonly onDivergence: DivergencePolicy;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  /** Subscriptions lost in a row (failed or ended) since the last batch applied. */
  private lossesInARow = 0;

  constructor(
    private readonly eventStore: EventStore,
    readStore: ReadStore,
    readonly projectors: readonly Projector[],
    private readonly logger: Logger,
    options: RunnerOptions = {},
  ) {
    // live batches hold what came since the last one; only a catch-up fills them: 5,000 events a
    // transaction halve a first start on a long log (1M events: 212 -> 111 s) against 500
    this.maxBatchSize = options.maxBatchSize ?? 5_000;
    this.paused = new Set(options.paused);
    this.eventsBehind = new EventsBehind(eventStore);
    this.onDivergence = options.onDivergence ?? 'refuse';
    this.retryFirstMs = options.retryFirstMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.names = versionedReadStoreOf(readStore);
    this.store = this.names.physical;
    this.live = [...projectors];
    this.builds = new ReadModelBuilds(this.names, eventStore, logger, {
      // a step holds the event loop: small enough that requests meanwhile wait a fraction of a second
      pageSize: options.buildPageSize ?? 1_000,
      retireAfterMs: options.retireAfterMs ?? 5_000,
      host: {
        isStopped: () => this.stopped,
        isPaused: (name) => this.paused.has(name),
        exclusive: (work) => this.exclusive(work),
        livePosition: () => this.position,
        checkpointOf: (name) => this.checkpoints.get(name),
        apply: (events, projectors) => this.apply([events], projectors, false),
        switched: (built, position) => this.switched(built, position),
      },
    });
    this.route();
    this.stopWatching = options.metrics?.watchProjections(() => this.statuses());
  }

  /** Routes each event type to the live projectors, then to the builders, each with the names it writes under. */
  private route(): void {
    ({ routes: this.routes, namesOf: this.namesOf } = routesOf(this.live, this.builds, this.names));
  }

  /** The builds have caught up and the readers follow them: their projectors follow the log live from now on. */
  private switched(builds: readonly ReadModelBuild[], position: number): void {
    this.live = liveAfterSwitch(this.projectors, this.live, builds);
    for (const { projector, builder } of builds) {
      this.checkpoints.delete(builder.name);
      if (position > 0) this.checkpoints.set(projector.name, position);
    }
    this.route();
  }

  /**
   * Starts following the log; resolves once the live read models have caught up with it. A
   * read model built by another version of its projector keeps serving while this version is
   * built beside it (in the background, from the log: `builds`), and the readers switch once
   * it has caught up. Read models ahead of the log make it refuse (LogDivergenceError) or
   * rebuild them in place (onDivergence). `startBuilds: false` leaves the builds for
   * `startBuilds()`: a process that serves starts them once it listens, so that their steps
   * never hold up its start.
   */
  async start({ startBuilds = true }: { startBuilds?: boolean } = {}): Promise<void> {
    this.stopped = false;
    await this.names.refresh();
    const plan = await planReadModels(this.eventStore, this.names, this.projectors, this.logger);
    this.live = plan.live;
    this.builds.plan(plan.builds);
    this.route();
    await settleDivergence(this.eventStore, this.names, this.live, this.onDivergence, this.logger);
    await ensureIndexes(this.names, this.live);
    await this.builds.ensureIndexes();
    await this.subscribe();
    await this.whenCaughtUp();
    if (startBuilds) this.startBuilds();
  }

  /** Starts the builds beside the live read models planned at start (none: nothing to do). */
  startBuilds(): void {
    if (!this.stopped) this.builds.start();
  }

  /** Resolves once no build beside the live read models is left (at once when there is none). */
  whenBuilt(): Promise<void> {
    return this.builds.whenDone();
  }

  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  isCaughtUp(): boolean {
    return this.caughtUp;
  }

  checkpointOf(name: string): number | null {
    return this.checkpoints.get(name) ?? null;
  }

  /** Each projection's checkpoint and how many events of the log it has not applied, for /metrics. */
  async statuses(): Promise<ProjectionStatus[]> {
    const named = [...this.live, ...this.builds.pending.map(({ builder }) => builder)];
    const checkpoints = named.map(({ name }) => this.checkpoints.get(name) ?? null);
    const lags = await this.eventsBehind.of(checkpoints);
    return named.map(({ name }, i) => {
      const checkpoint = checkpoints[i];
      return { name, checkpoint, lag: lags.get(checkpoint) ?? 0, paused: this.paused.has(name) };
    });
  }

  /**
   * An operator's pause: the projection stops applying events (the others go on) and its
   * checkpoint stays where it is, so its lag grows. Takes effect from the next batch. A build
   * beside the live read models (`audit@v3`) pauses every build, from its next step on.
   */
  pause(name: string): void {
    if (!this.builds.has(name)) this.projectorNamed(name);
    this.paused.add(name);
    this.logger.warn({ projection: name }, 'projection paused');
  }

  /** Resumes a paused projection; resolves once it has caught up with the others (a build: at once, it goes on). */
  resume(name: string): Promise<void> {
    if (this.builds.has(name)) {
      if (this.paused.delete(name)) this.builds.wakeUp();
      return Promise.resolve();
    }
    const projector = this.projectorNamed(name);
    if (!this.paused.delete(name)) return Promise.resolve();
    this.logger.info({ projection: name }, 'projection resumed');
    return this.exclusive(async () => {
      // replays what the others applied meanwhile, for this projection alone
      for (;;) {
        const after = this.checkpoints.get(name) ?? 0;
        if (after >= this.position || this.stopped) return;
        const page = await this.eventStore.readAll({ after, maxCount: this.maxBatchSize });
        const missed = page.filter((event) => event.position <= this.position);
        if (missed.length === 0) return;
        // not announced on applied$: /ws pushed these events when the others applied them
        await this.apply([missed], [projector], false);
      }
    });
  }

  /** Stops following the log; resolves once the batch being applied has been committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.stopWatching?.();
    await this.builds.stop();
    await this.queue.catch(() => undefined);
  }

  private projectorNamed(name: string): Projector {
    const projector = this.live.find((candidate) => candidate.name === name);
    if (!projector) throw new Error(`Unknown projection "${name}"`);
    return projector;
  }

  /** Runs `work` after everything queued before it, and before anything queued after. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    const stored = await readCheckpoints(this.store);
    this.checkpoints.clear();
    for (const projector of this.namesOf.keys()) {
      const position = stored.get(projector.name);
      if (position !== undefined) this.checkpoints.set(projector.name, position);
    }
    // the slowest live read model decides where to resume; faster ones skip what they have (builds read on their own)
    const positions = this.live.map((p) => this.checkpoints.get(p.name));
    const after = positions.some((p) => p === undefined) ? undefined : Math.min(...(positions as number[]));
    this.position = Math.max(this.position, after ?? 0);

    this.logger.info(
      { after: after ?? null, projections: this.live.map((p) => p.name) },
      'projections resuming from their checkpoint',
    );
    this.subscription = this.eventStore
      .subscribeToAll({ after, maxBatchSize: this.maxBatchSize })
      .pipe(concatMap((batch) => this.exclusive(() => this.process(batch))))
      .subscribe({
        error: (error: unknown) => this.recover(error),
        // the server ended the subscription without an error: the log goes on, so must we
        complete: () => this.recover(undefined),
      });
  }

  private async process(batch: EventBatch): Promise<void> {
    // stopping: leave the rest to the next start, from the checkpoints
    if (this.stopped) return;
    if (batch.events.length > 0) {
      const active = this.live.filter((projector) => !this.paused.has(projector.name));
      await this.applyEvents(batch.events, active);
      this.position = Math.max(this.position, batch.events[batch.events.length - 1].position);
    }
    this.lossesInARow = 0;
    batch.ack();
    if (batch.caughtUp && !this.caughtUp) {
      this.caughtUp = true;
      for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
    }
  }

  /**
   * Applies recorded events (in position order) to the given projectors and moves their
   * checkpoints past them. A projector skips events at or before its own checkpoint, so a
   * batch delivered again (at-least-once) changes nothing.
   */
  async applyEvents(recorded: RecordedEvent[], projectors: readonly Projector[] = this.live): Promise<void> {
    if (recorded.length > 0) await this.apply([recorded], projectors, true);
  }

  /**
   * Applies the pages `nextPage` gives, one after the other, as ONE batch (one transaction,
   * each document written once, the checkpoints once), until it gives none or `eventLimit`
   * events were applied; not announced on applied$. What a rebuild does: the hot documents
   * of many pages are written once. The pages are read before the transaction opens, and a
   * store whose transactions are bounded (MongoDB) gets as many as its limit asks for.
   * Returns how many events were applied (0: none came).
   */
  async applyPages(
    nextPage: () => Promise<RecordedEvent[] | undefined>,
    eventLimit: number,
    projectors: readonly Projector[] = this.live,
  ): Promise<number> {
    return this.apply(await readPages(nextPage, eventLimit), projectors, false);
  }

  private async apply(pages: RecordedEvent[][], projectors: readonly Projector[], announce: boolean): Promise<number> {
    let total = 0;
    for (let left = pages; left.length > 0; ) {
      const started = performance.now();
      await this.names.current();
      const context = {
        store: this.store,
        names: this.names,
        routes: this.routes,
        namesOf: this.namesOf,
        checkpointOf: (name: string) => this.checkpoints.get(name),
        logger: this.logger,
      };
      const applied = await applyInOneTransaction(context, left, projectors, {
        keepEvents: announce,
        documentLimit: this.store.transactionDocumentLimit,
      });
      left = applied.left;
      if (applied.applied === 0) break;
      total += applied.applied;
      const { from, position, events, correlationIds } = applied;
      for (const projector of projectors) this.checkpoints.set(projector.name, position);
      if (correlationIds)
        logBatch(this.logger, {
          from,
          position,
          events: applied.applied,
          projections: projectors.length === this.live.length ? 'all' : projectors.map((p) => p.name),
          correlationIds,
          started,
        });
      if (announce) this.applied$.next({ events, position });
    }
    return total;
  }

  /**
   * The subscription failed (`error`) or ended without one (undefined): unless stopping, take
   * the log up again from the checkpoints, waiting longer after each loss in a row. Until it
   * has caught up again the runner is not caught up (readiness says so).
   */
  private recover(error: unknown): void {
    this.subscription = undefined;
    if (this.stopped) return;
    this.caughtUp = false;
    const delay = Math.min(this.retryFirstMs * 2 ** this.lossesInARow, this.retryMaxMs);
    this.lossesInARow += 1;
    const context = { err: error, attempt: this.lossesInARow, retryInMs: delay };
    if (error === undefined) this.logger.warn(context, 'event subscription ended; resubscribing from the checkpoints');
    else this.logger.error(context, 'event subscription failed; resubscribing from the checkpoints');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      // behind the batch still being applied: its checkpoints are the ones to resume from
      this.exclusive(() => this.subscribe()).catch((next: unknown) => this.recover(next));
    }, delay);
    // a process whose only work left is this retry may still exit
    this.retryTimer.unref();
  }
}
