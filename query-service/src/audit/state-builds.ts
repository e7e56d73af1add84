import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AuditStateBuilding, AuditStateReady } from '@vip/contracts';
import {
  type AppConfig,
  type AuditExportMetrics,
  type Collection,
  DuplicateKeyError,
  type Logger,
  type ReadStore,
  removeScratchStores,
  stateAsOfScratchLabel,
  stateAsOfScratchPrefix,
} from '@vip/platform';

/**
 * The projections room's audit CLI (`npm run audit -- state`), run as a process of its own,
 * as an operator would run it: the replay machinery and the projectors live in that room,
 * which this service may not import, and a replay of a long log is seconds of CPU that must
 * not stall the answers of this process.
 */
const AUDIT_CLI = fileURLToPath(new URL('../../../projections/src/cli/audit.ts', import.meta.url));
/** The TypeScript loader the product runs with, found from here rather than from the working directory. */
const TSX = import.meta.resolve('tsx');

/**
 * Where the builds are coordinated: one document per position, in the read store every
 * query-service replica shares (bookkeeping, not a read model: no projection writes it).
 */
export const stateBuildsCollection = 'audit_state_builds';

/** A build whose owner has not been heard of for this long is taken over (its replica died). */
const STALE_MS = 30_000;
/** How often a build in progress says it is alive, whatever its progress. */
const HEARTBEAT_MS = 5_000;
/** Progress written at most this often. */
const PROGRESS_MS = 1_000;

export interface StateBuildDocument {
  _id: string;
  position: number;
  status: 'building' | 'ready' | 'missing' | 'failed';
  /** Unique per build: it names the build's scratch store, so two builds never share one. */
  buildId: string;
  /** Which replica runs it (host and process), for the logs. */
  owner: string;
  progress: AuditStateBuilding['progress'];
  state?: AuditStateReady;
  startedAt: string;
  heartbeatAt: string;
  finishedAt?: string;
}

/** What a state request finds: a state, its build under way, nothing at that position, or a build that failed. */
export type StateLookup = AuditStateReady | AuditStateBuilding | { status: 'missing' } | { status: 'failed' } | null;

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill();
});

const idOf = (position: number) => String(position);
const fresh = (doc: StateBuildDocument, now: number) => now - Date.parse(doc.heartbeatAt) < STALE_MS;

/**
 * States as of log positions, built by replaying the read models into a scratch store up to
 * the position, one process per build. Coordinated through the read store, not per process:
 * a position is built once, by whichever replica claimed it first (one insert of its build
 * document), and every replica answers from that document (its progress, then its state); a
 * build whose replica died is taken over. At most `atOnce` build at once across replicas; the
 * oldest states beyond `kept` are let go.
 */
export class StateBuilds {
  private readonly builds: Collection<StateBuildDocument>;
  /** The owner of the builds this replica runs. */
  private readonly owner = `${hostname()}:${process.pid}`;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private readonly started: AuditExportMetrics['stateBuilds'],
    readStore: ReadStore,
    private readonly atOnce: number,
    private readonly kept: number,
  ) {
    this.builds = readStore.collection<StateBuildDocument>(stateBuildsCollection);
  }

  async lookup(position: number): Promise<StateLookup> {
    const doc = await this.builds.findOne({ _id: idOf(position) });
    if (!doc) return null;
    switch (doc.status) {
      case 'ready':
        return doc.state ?? null;
      case 'missing':
        return { status: 'missing' };
      case 'failed':
        // said once; the next request builds again
        await this.builds.deleteOne({ _id: doc._id, buildId: doc.buildId });
        return { status: 'failed' };
      case 'building':
        return fresh(doc, Date.now()) ? { status: 'building', position, progress: doc.progress } : null;
    }
  }

  /** Whether another build may start: fewer than `atOnce` alive across the replicas. */
  async full(): Promise<boolean> {
    const alive = new Date(Date.now() - STALE_MS).toISOString();
    return (await this.builds.countDocuments({ status: 'building', heartbeatAt: { $gt: alive } })) >= this.atOnce;
  }

  /**
   * Claims the position and starts its build; a replica that claimed it first (or meanwhile)
   * keeps it, and its build is the one answered.
   */
  async start(position: number): Promise<AuditStateBuilding> {
    const now = new Date().toISOString();
    const claim: StateBuildDocument = {
      _id: idOf(position),
      position,
      status: 'building',
      buildId: randomUUID(),
      owner: this.owner,
      progress: null,
      startedAt: now,
      heartbeatAt: now,
    };
    if (!(await this.claim(claim))) {
      const current = await this.builds.findOne({ _id: claim._id });
      return { status: 'building', position, progress: current?.progress ?? null };
    }
    this.run(claim);
    return { status: 'building', position, progress: null };
  }

  /** Inserts the claim, or replaces a build nobody runs any more (a dead replica's, a failure); false when another holds it. */
  private async claim(claim: StateBuildDocument): Promise<boolean> {
    try {
      await this.builds.insertOne(claim);
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const current = await this.builds.findOne({ _id: claim._id });
    if (!current || (current.status === 'building' && fresh(current, Date.now())) || current.status === 'ready')
      return false;
    // the build document of that exact build, so that two replicas taking over never both win
    const taken = await this.builds.replaceOne({ _id: claim._id, buildId: current.buildId }, claim);
    // the build taken over left its scratch store: nobody else will remove it
    if (taken.modifiedCount === 1) void this.sweep();
    return taken.modifiedCount === 1;
  }

  /**
   * Removes the scratch stores of builds no process runs any more: a build killed (SIGKILL,
   * a crash), its query-service restarted, or taken over by another replica leaves its whole
   * copy of the read models behind. Kept: those of builds alive on any replica (a fresh
   * heartbeat) and, embedded, a file written to within the stale time. Run at start and after
   * a takeover; never fails the caller.
   */
  async sweep(): Promise<void> {
    try {
      const now = Date.now();
      const alive = (await this.builds.find({ status: 'building' })).filter((doc) => fresh(doc, now));
      const removed = await removeScratchStores(this.config, stateAsOfScratchPrefix, {
        keep: alive.map((doc) => stateAsOfScratchLabel(doc.buildId)),
        idleMs: STALE_MS,
      });
      if (removed.length > 0)
        this.logger.warn(
          { removed },
          'removed the scratch stores of "state as of" builds that no process runs any more',
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'the scratch stores of "state as of" builds could not be swept');
    }
  }

  private run(build: StateBuildDocument): void {
    const { config } = this;
    this.started.inc();
    const child = spawn(
      process.execPath,
      [`--import=${TSX}`, AUDIT_CLI, 'state', '--position', String(build.position), '--build', build.buildId],
      {
        env: {
          ...process.env,
          DATA_DIR: config.dataDir,
          EVENTSTORE_URL: config.eventStoreUrl ?? '',
          MONGODB_URL: config.mongodbUrl ?? '',
          MONGODB_DATABASE: config.mongodbDatabase,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.add(child);
    const mine = { _id: build._id, buildId: build.buildId };
    const update = (fields: Partial<StateBuildDocument>) =>
      this.builds
        .updateOne(mine, { $set: { ...fields, heartbeatAt: new Date().toISOString() } })
        .catch((error: unknown) =>
          this.logger.warn({ err: error, position: build.position }, 'a state build could not note its progress'),
        );
    const heartbeat = setInterval(() => void update({}), HEARTBEAT_MS);
    heartbeat.unref();
    let settled = false;
    let progressAt = 0;
    let errors = '';
    child.stderr!.on('data', (chunk) => {
      errors = `${errors}${chunk}`.slice(-2000);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let message: { progress?: AuditStateBuilding['progress']; state?: AuditStateReady; missing?: number };
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (message.progress && performance.now() - progressAt >= PROGRESS_MS) {
        progressAt = performance.now();
        void update({ progress: message.progress });
      } else if (message.state || message.missing !== undefined) {
        settled = true;
        const finishedAt = new Date().toISOString();
        void update(
          message.state ? { status: 'ready', state: message.state, finishedAt } : { status: 'missing', finishedAt },
        ).then(() => this.letOldStatesGo());
      }
    });
    child.once('exit', (code) => {
      children.delete(child);
      clearInterval(heartbeat);
      if (settled) return;
      // a process that ended without a state: said once, then the next request tries again
      void update({ status: 'failed', finishedAt: new Date().toISOString() });
      this.logger.error(
        { position: build.position, code, stderr: errors },
        'building the state as of a position failed',
      );
    });
  }

  /** The oldest states beyond `kept` go: the log before a position never changes, so they can be built again. */
  private async letOldStatesGo(): Promise<void> {
    const ready = await this.builds.find(
      { status: { $in: ['ready', 'missing'] } },
      { sort: { finishedAt: -1 }, skip: this.kept, projection: { _id: 1, buildId: 1 } },
    );
    for (const { _id, buildId } of ready) await this.builds.deleteOne({ _id, buildId });
  }
}
