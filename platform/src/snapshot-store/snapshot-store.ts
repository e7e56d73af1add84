/**
 * The SnapshotStore port: a fold's state saved with what it covers, so that reading a long
 * stream (or the log, for the bots) starts after it instead of at the beginning
 * (docs/architecture.md "Growth"). A snapshot is a cache: losing it costs one longer read, never
 * a wrong answer, so its stores are not made durable and nothing in it is a fact the log lacks.
 */
export interface Snapshot<State = unknown> {
  /** The last revision of the stream (or position of the log) the state has folded. */
  covers: number;
  /** The shape of `state`: a reader of another version ignores the snapshot and folds from the start. */
  version: number;
  state: State;
  /**
   * The deployment's signature over the rest (SignedSnapshotStore): a store keeps it as it
   * was given and hands it back, and never checks it itself.
   */
  signature?: string;
}

/** A stored snapshot with its key, as an auditor walks them. */
export interface StoredSnapshot {
  key: string;
  snapshot: Snapshot<unknown>;
}

export interface SnapshotStore {
  readonly adapterName: string;
  /** The snapshot saved under `key`, or null. */
  load<State>(key: string): Promise<Snapshot<State> | null>;
  /**
   * Saves a snapshot unless one that covers more is already there (two writers racing: the
   * further one wins, whichever saves last).
   */
  save<State>(key: string, snapshot: Snapshot<State>): Promise<void>;
  /** Forgets a snapshot (it no longer matches its stream: a restored log). */
  remove(key: string): Promise<void>;
  /** Embedded only: empties the write-ahead log, so that a removed snapshot stays in none of its frames. */
  truncateWriteAheadLog?(): Promise<void>;
  /** Every stored snapshot, by key, a page at a time (`npm run audit -- verify` checks each). */
  entries(): AsyncIterable<StoredSnapshot>;
  close(): Promise<void>;
}

/** Snapshots in this process's memory: unit tests and CLIs that start from nothing. */
export class MemorySnapshotStore implements SnapshotStore {
  readonly adapterName = 'memory';
  private readonly saved = new Map<string, string>();

  async load<State>(key: string): Promise<Snapshot<State> | null> {
    const json = this.saved.get(key);
    return json === undefined ? null : (JSON.parse(json) as Snapshot<State>);
  }
  async save<State>(key: string, snapshot: Snapshot<State>): Promise<void> {
    const known = await this.load(key);
    // stored as text: a later change to the caller's state object cannot reach it
    if (!known || known.covers <= snapshot.covers) this.saved.set(key, JSON.stringify(snapshot));
  }
  async remove(key: string): Promise<void> {
    this.saved.delete(key);
  }
  async *entries(): AsyncIterable<StoredSnapshot> {
    for (const key of [...this.saved.keys()].sort()) {
      const snapshot = await this.load(key);
      if (snapshot) yield { key, snapshot };
    }
  }
  async close(): Promise<void> {
    this.saved.clear();
  }
}
