import type { EventType } from '@vip/contracts';
import type { EventStore, Logger, RecordedEvent, VersionedReadStore } from '@vip/platform';
import type { Projector } from './projector.ts';
import { dropRetired, type ReadModelBuild, switchToBuilds } from './read-model-versions.ts';

/** What a build needs of the runner it runs in. */
export interface BuildHost {
  isStopped(): boolean;
  isPaused(name: string): boolean;
  /** Runs `work` between the runner's batches, never during one. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The position up to which the live read models have applied the log. */
  livePosition(): number;
  checkpointOf(name: string): number | undefined;
  /** Applies events to these projectors as one batch and moves their checkpoints (not announced on /ws). */
  apply(events: RecordedEvent[], projectors: readonly Projector[]): Promise<number>;
  /** The builds were switched to: their projectors follow the log live from `position` on. */
  switched(builds: readonly ReadModelBuild[], position: number): void;
}

export interface ReadModelBuildsOptions {
  host: BuildHost;
  pageSize: number;
  retireAfterMs: number;
  /** Wait before trying again after a step failed. */
  retryMs?: number;
}

/**
 * The builds of new projector versions beside the live read models (blue/green). Step by step,
 * each step one page of the log applied in one transaction between the live batches (the page
 * is read outside them, so the live read models never wait for the log on a build's behalf):
 * from each build's checkpoint up to where the live read models stand. Once a step leaves
 * nothing between them, the builds are switched to in that same step, before the next live
 * batch, so that nothing is applied to one and not the other. The replaced collections are
 * dropped `retireAfterMs` later, when readers in other processes have followed the switch.
 */
export class ReadModelBuilds {
  pending: ReadModelBuild[] = [];
  private running: Promise<void> | undefined;
  private doneWaiters: Array<() => void> = [];
  private wake: (() => void) | undefined;
  private retireTimer: NodeJS.Timeout | undefined;
  /** Events read from the log by builds (tests count them: a resumed build reads from its checkpoint). */
  eventsRead = 0;

  constructor(
    private readonly store: VersionedReadStore,
    private readonly eventStore: EventStore,
    private readonly logger: Logger,
    private readonly options: ReadModelBuildsOptions,
  ) {}

  plan(builds: readonly ReadModelBuild[]): void {
    this.pending = [...builds];
  }

  /** Whether a build of that checkpoint name (`audit@v3`) is under way. */
  has(name: string): boolean {
    return this.pending.some(({ builder }) => builder.name === name);
  }

  /** A paused build was resumed, or the runner stops: the loop looks again at once. */
  wakeUp(): void {
    this.wake?.();
  }

  /** Logical name → physical name, for every collection being built. */
  collectionNames(): Map<string, string> {
    return new Map(this.pending.flatMap(({ collections }) => Object.entries(collections)));
  }

  /** The indexes of the builds' collections, built before their documents. */
  async ensureIndexes(): Promise<void> {
    for (const { projector, collections } of this.pending)
      for (const [collection, indexes] of Object.entries(projector.indexes ?? {}))
        await this.store.physical.ensureIndexes(collections[collection] ?? collection, indexes);
  }

  /** Runs the builds in the background, and drops what earlier switches retired once its time has come. */
  start(): void {
    this.scheduleRetiring(0);
    if (this.pending.length === 0) {
      this.settle();
      return;
    }
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
  }

  whenDone(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.doneWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    clearTimeout(this.retireTimer);
    this.wake?.();
    await this.running;
  }

  private settle(): void {
    for (const resolve of this.doneWaiters.splice(0)) resolve();
  }

  private async run(): Promise<void> {
    const { host } = this.options;
    const started = performance.now();
    this.logger.info(
      { building: this.pending.map(({ builder }) => builder.name) },
      'building read models beside the live ones',
    );
    while (this.pending.length > 0 && !host.isStopped()) {
      // a step's reads and writes are synchronous SQLite on the embedded stores: without a turn
      // of the event loop between steps, the requests (and the rest of the start) would wait for
      // the whole build
      await new Promise((resolve) => setImmediate(resolve));
      // an operator's pause of any build holds them all (they share their steps)
      if (this.pending.some(({ builder }) => host.isPaused(builder.name))) {
        await this.sleep(60_000);
        continue;
      }
      try {
        await this.step();
      } catch (error) {
        this.logger.error({ err: error }, 'a step of a read-model build failed; trying again');
        await this.sleep(this.options.retryMs ?? 5_000);
      }
    }
    if (this.pending.length === 0)
      this.logger.info(
        { seconds: Math.round((performance.now() - started) / 100) / 10 },
        'read-model builds switched to',
      );
  }

  /** Waits `ms`, or less when woken up. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      // a paused build alone keeps no process alive
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** One page of the log for the builds, and the switch once they have caught up with the live read models. */
  private async step(): Promise<void> {
    const { host, pageSize } = this.options;
    const builders = this.pending.map(({ builder }) => builder);
    const checkpoints = builders.map(({ name }) => host.checkpointOf(name));
    // positions as the log gave them: none yet means from its start
    const after = checkpoints.some((checkpoint) => checkpoint === undefined)
      ? undefined
      : Math.min(...(checkpoints as number[]));
    const page = await this.eventStore.readAll({ after, maxCount: pageSize });
    this.eventsRead += page.length;
    await host.exclusive(async () => {
      if (host.isStopped()) return;
      // the live read models' position now: what lies beyond it reaches both in the live batches
      const upTo = host.livePosition();
      const events = page.filter((event) => event.position <= upTo);
      if (events.length > 0) await host.apply(events, builders);
      // every event up to the live position applied? (a short page read before a live batch is not enough)
      const covered = page.length > 0 ? page[page.length - 1].position : (after ?? 0);
      const caughtUp = events.length < page.length || covered >= upTo;
      if (caughtUp) await this.switchTo(upTo);
    });
  }

  private async switchTo(position: number): Promise<void> {
    const builds = this.pending;
    await switchToBuilds(this.store, builds, position);
    this.pending = [];
    this.options.host.switched(builds, position);
    this.logger.warn(
      { switched: builds.map(({ builder }) => builder.name), position },
      'the readers follow the new read-model versions; the replaced ones are dropped shortly',
    );
    this.settle();
    this.scheduleRetiring(this.options.retireAfterMs);
  }

  /** Drops what switches retired, once the readers of other processes have followed them. */
  private scheduleRetiring(delayMs: number): void {
    clearTimeout(this.retireTimer);
    this.retireTimer = setTimeout(() => {
      const { host, retireAfterMs } = this.options;
      if (host.isStopped()) return;
      host
        .exclusive(() => dropRetired(this.store, retireAfterMs))
        .then((left) => {
          if (left > 0) this.scheduleRetiring(Math.max(retireAfterMs, 100));
        })
        .catch((error: unknown) => {
          this.logger.error({ err: error }, 'dropping replaced read models failed; trying again');
          this.scheduleRetiring(Math.max(retireAfterMs, 1_000));
        });
    }, delayMs);
    this.retireTimer.unref();
  }
}

/**
 * Which projectors each event type goes to (the live ones, then the builders, in projector
 * order), and the physical collection each projector's collection names stand for: the live
 * ones write what readers read; a builder writes the builds' collections and reads the
 * others' live ones.
 */
export function routesOf(
  live: readonly Projector[],
  builds: ReadModelBuilds,
  names: VersionedReadStore,
): { routes: Map<EventType, Projector[]>; namesOf: Map<Projector, (collection: string) => string> } {
  const namesOf = new Map<Projector, (collection: string) => string>();
  const building = builds.collectionNames();
  for (const projector of live) namesOf.set(projector, (name) => names.resolve(name));
  for (const { builder } of builds.pending) namesOf.set(builder, (name) => building.get(name) ?? names.resolve(name));
  const routes = new Map<EventType, Projector[]>();
  for (const projector of namesOf.keys())
    for (const type of projector.handles) routes.set(type, [...(routes.get(type) ?? []), projector]);
  return { routes, namesOf };
}

/** The live projectors once `builds` were switched to: each build's projector in place of the code it replaces, in projector order. */
export function liveAfterSwitch(
  projectors: readonly Projector[],
  live: readonly Projector[],
  builds: readonly ReadModelBuild[],
): Projector[] {
  const built = new Map(builds.map(({ projector }) => [projector.name, projector]));
  const next = [...live.filter((projector) => !built.has(projector.name)), ...built.values()];
  const order = (projector: Projector) => projectors.findIndex((candidate) => candidate.name === projector.name);
  return next.sort((a, b) => order(a) - order(b));
}
