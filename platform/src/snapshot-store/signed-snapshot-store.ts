import { type Keyring, sameSecret } from '../auth/keyring.ts';
import type { Logger } from '../logger.ts';
import type { Snapshot, SnapshotStore, StoredSnapshot } from './snapshot-store.ts';

/** What a stored snapshot's signature says: it holds, it is wrong, or there is none. */
export type SnapshotSeal = 'matches' | 'differs' | 'missing';

export interface CheckedSnapshot {
  key: string;
  covers: number;
  version: number;
  seal: SnapshotSeal;
}

/**
 * A snapshot store whose snapshots are signed with a key of the deployment's keyring (HMAC
 * over the key, what it covers, its version and its state). A snapshot sits in a file or a
 * collection that anyone with the data in hand can edit, and a fold trusts it: one edited
 * there would change what decisions and the bots see while the log and its seals stay
 * intact. So a snapshot whose signature does not hold (edited, unsigned, moved to another
 * key, or signed with another secret) is never used: it is logged at warn and removed, and
 * the caller folds from the start as when there is none. `npm run audit -- verify` walks
 * them all with `check()`.
 */
export class SignedSnapshotStore implements SnapshotStore {
  constructor(
    private readonly store: SnapshotStore,
    private readonly keyring: Keyring,
    private readonly logger: Logger,
  ) {}

  get adapterName(): string {
    return this.store.adapterName;
  }

  async load<State>(key: string): Promise<Snapshot<State> | null> {
    const stored = await this.store.load<State>(key);
    if (!stored) return null;
    const seal = this.sealOf(key, stored);
    if (seal === 'matches') return { covers: stored.covers, version: stored.version, state: stored.state };
    this.logger.warn(
      { snapshot: key, covers: stored.covers, version: stored.version, signature: seal },
      seal === 'missing'
        ? 'a snapshot without a signature: ignored and removed, folding from the start'
        : 'a snapshot whose signature does not match (edited, or signed with another secret): ignored and removed, folding from the start',
    );
    // removed, or the caller's next snapshot would not replace one that claims to cover more
    await this.store.remove(key);
    return null;
  }

  save<State>(key: string, snapshot: Snapshot<State>): Promise<void> {
    const { covers, version, state } = snapshot;
    return this.store.save(key, { covers, version, state, signature: this.signatureOf(key, snapshot) });
  }

  remove(key: string): Promise<void> {
    return this.store.remove(key);
  }
  async truncateWriteAheadLog(): Promise<void> {
    await this.store.truncateWriteAheadLog?.();
  }

  /** Every stored snapshot as the store holds it, signature and all: the auditor's walk. */
  entries(): AsyncIterable<StoredSnapshot> {
    return this.store.entries();
  }

  /** Every stored snapshot with what its signature says; nothing is removed or changed. */
  async *check(): AsyncIterable<CheckedSnapshot> {
    for await (const { key, snapshot } of this.store.entries())
      yield { key, covers: snapshot.covers, version: snapshot.version, seal: this.sealOf(key, snapshot) };
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private sealOf(key: string, snapshot: Snapshot<unknown>): SnapshotSeal {
    if (typeof snapshot.signature !== 'string') return 'missing';
    return sameSecret(snapshot.signature, this.signatureOf(key, snapshot)) ? 'matches' : 'differs';
  }

  /**
   * The key, what the snapshot covers and its version as a JSON array, a newline, then the
   * state as JSON.stringify writes it: a state read back from its JSON text writes the same
   * text again, so the signature holds whatever store kept it.
   */
  private signatureOf(key: string, { covers, version, state }: Snapshot<unknown>): string {
    return this.keyring.keyedDigest('snapshot', `${JSON.stringify([key, covers, version])}\n${JSON.stringify(state)}`);
  }
}
