import type { EventStore, Logger, SnapshotStore } from '@vip/platform';
import type { EventFeed } from './event-feed.ts';

/** A fold of the log whose state can be saved in a snapshot and taken from one. */
export interface SnapshotPart<State = unknown> {
  /** The fold's state as plain data (maps as lists of entries); nothing another call changes later. */
  saveState(): State;
  /** Replaces the fold's state with a saved one, before the feed starts. */
  restoreState(state: State): void;
}

export interface CheckpointOptions {
  /** A snapshot after this many events read since the last one... */
  everyEvents: number;
  /** ...and at least this often while events come. */
  everyMs: number;
}

/** The facts after which no fold may still hold the person they were about. */
const erasureTypes = ['PersonErased', 'UserDeleted'] as const;

/** Refills a fold's map from saved entries. */
export function refill<K, V>(map: Map<K, V>, entries: readonly (readonly [K, V])[]): void {
  map.clear();
  for (const [key, value] of entries) map.set(key, value);
}

/**
 * A bot's folds saved with the log position they cover (docs/architecture.md "Growth"): a start
 * loads them and its feed resumes after that position, so it reads the events since the last
 * snapshot, not the whole log. Saved every `everyEvents` events or `everyMs` while live, and
 * on stop. A snapshot is a cache: one of another version, one that covers more than the log
 * holds (a restored log) or one that cannot be read is ignored, and the log is folded whole.
 */
export class FoldCheckpoint {
  /** Position the last saved (or loaded) snapshot covers. */
  private savedCovers: number | null = null;
  private readSinceSave = 0;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly snapshots: SnapshotStore | undefined,
    private readonly eventStore: EventStore,
    private readonly feed: EventFeed,
    /** Which snapshot (a bot, and its shards). */
    readonly key: string,
    /** The shape of the parts' states; a change to any of them bumps it. */
    private readonly version: number,
    private readonly parts: Readonly<Record<string, SnapshotPart>>,
    private readonly logger: Logger,
    private readonly options: CheckpointOptions,
  ) {
    // a person erased (or a panel account deleted) leaves the folds once the roles are back
    // (those reports come before the erasure in the log): the saved copy follows at once, not
    // at the next snapshot, so no file keeps them (docs/privacy.md)
    let erasureRead = false;
    feed.on(erasureTypes, () => {
      erasureRead = true;
    });
    feed.onBatch((events) => {
      this.readSinceSave += events;
      if (erasureRead) void this.saveAfterErasure();
      else if (this.readSinceSave >= this.options.everyEvents) void this.save();
      erasureRead = false;
    });
  }

  /** Fills the folds from the snapshot; the position the feed resumes after, or null to read from the start. */
  async restore(): Promise<number | null> {
    if (!this.snapshots) return null;
    const log = this.logger.child({ snapshot: this.key });
    const snapshot = await this.snapshots.load<Record<string, unknown>>(this.key).catch((error: unknown) => {
      log.warn({ err: error }, 'the snapshot could not be read: folding the log from the start');
      return null;
    });
    if (!snapshot) {
      log.info('no snapshot: folding the log from the start');
      return null;
    }
    if (snapshot.version !== this.version) {
      log.info({ saved: snapshot.version, wanted: this.version }, 'a snapshot of another version: ignored');
      return null;
    }
    const names = Object.keys(this.parts);
    if (names.some((name) => !Object.hasOwn(snapshot.state, name))) {
      log.warn({ names }, 'the snapshot lacks a fold: ignored');
      return null;
    }
    const head = await this.eventStore.headPosition();
    if (head === null || snapshot.covers > head) {
      log.warn(
        { covers: snapshot.covers, head },
        'the snapshot covers more than the log holds (a restored log): removed',
      );
      await this.snapshots.remove(this.key);
      return null;
    }
    try {
      for (const name of names) this.parts[name].restoreState(snapshot.state[name]);
    } catch (error) {
      // the folds are half filled: this start cannot go on, the next one folds the log whole
      await this.snapshots.remove(this.key);
      throw new Error(`the snapshot ${this.key} could not be restored and was removed: ${String(error)}`);
    }
    this.savedCovers = snapshot.covers;
    log.info({ covers: snapshot.covers }, 'folds restored from the snapshot');
    return snapshot.covers;
  }

  /** Saves snapshots while the bot runs. */
  start(): void {
    this.timer = setInterval(() => void this.save(), this.options.everyMs);
    this.timer.unref();
  }

  /** The folds as they are now, with the position they cover; nothing when that was saved already. */
  save(): Promise<void> {
    const covers = this.feed.position;
    if (!this.snapshots || covers === null || (this.savedCovers !== null && covers <= this.savedCovers))
      return this.saving;
    // taken at once, with the position: the folds change as soon as the next batch comes
    const state = structuredClone(
      Object.fromEntries(Object.entries(this.parts).map(([name, part]) => [name, part.saveState()])),
    );
    const before = this.savedCovers;
    this.savedCovers = covers;
    this.readSinceSave = 0;
    const snapshots = this.snapshots;
    this.saving = this.saving
      .then(() => snapshots.save(this.key, { covers, version: this.version, state }))
      .then(() => this.logger.debug({ snapshot: this.key, covers }, 'snapshot saved'))
      .catch((error: unknown) => {
        // the next attempt saves again
        if (this.savedCovers === covers) this.savedCovers = before;
        this.logger.warn({ err: error, snapshot: this.key }, 'saving the snapshot failed');
      });
    return this.saving;
  }

  /** A snapshot, then the store's write-ahead log emptied: the replaced copy stays in none of its frames or pages. */
  private async saveAfterErasure(): Promise<void> {
    await this.save();
    await this.snapshots?.truncateWriteAheadLog?.().catch((error: unknown) => {
      this.logger.warn({ err: error, snapshot: this.key }, 'emptying the snapshot write-ahead log failed');
    });
  }

  /** A last snapshot; resolves once it is written. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.save();
  }
}
