import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { AuditStateBuilding, AuditStateReady } from '@vip/contracts';
import type { AppConfig, Logger } from '@vip/platform';

/**
 * The projections room's audit CLI (`npm run audit -- state`), run as a process of its own,
 * as an operator would run it: the replay machinery and the projectors live in that room,
 * which this service may not import, and a replay of a long log is seconds of CPU that must
 * not stall the answers of this process.
 */
const AUDIT_CLI = fileURLToPath(new URL('../../../projections/src/cli/audit.ts', import.meta.url));
/** The TypeScript loader the product runs with, found from here rather than from the working directory. */
const TSX = import.meta.resolve('tsx');

type Build =
  | { status: 'building'; progress: AuditStateBuilding['progress']; child: ChildProcess }
  | { status: 'ready'; state: AuditStateReady }
  | { status: 'missing' };

/** What a state request finds: a state, its build under way, nothing at that position, or a build that failed. */
export type StateLookup = AuditStateReady | AuditStateBuilding | { status: 'missing' } | { status: 'failed' } | null;

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill();
});

/**
 * States as of log positions, built by replaying the read models into a scratch store up to
 * the position, one process per build, at most `atOnce` at a time; kept per position once
 * built (the log before a position never changes), the oldest let go beyond `kept`.
 */
export class StateBuilds {
  private readonly builds = new Map<number, Build>();
  private readonly failures = new Set<number>();

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private readonly atOnce: number,
    private readonly kept: number,
  ) {}

  lookup(position: number): StateLookup {
    if (this.failures.delete(position)) return { status: 'failed' };
    const build = this.builds.get(position);
    if (!build) return null;
    if (build.status === 'ready') return build.state;
    if (build.status === 'missing') return build;
    return { status: 'building', position, progress: build.progress };
  }

  get building(): number {
    let count = 0;
    for (const build of this.builds.values()) if (build.status === 'building') count++;
    return count;
  }

  get full(): boolean {
    return this.building >= this.atOnce;
  }

  start(position: number): AuditStateBuilding {
    const { config } = this;
    const child = spawn(process.execPath, [`--import=${TSX}`, AUDIT_CLI, 'state', '--position', String(position)], {
      env: {
        ...process.env,
        DATA_DIR: config.dataDir,
        EVENTSTORE_URL: config.eventStoreUrl ?? '',
        MONGODB_URL: config.mongodbUrl ?? '',
        MONGODB_DATABASE: config.mongodbDatabase,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const build: Build = { status: 'building', progress: null, child };
    this.builds.set(position, build);
    let errors = '';
    child.stderr!.on('data', (chunk) => {
      errors = `${errors}${chunk}`.slice(-2000);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => this.heard(position, build, line));
    child.once('exit', (code) => {
      children.delete(child);
      if (this.builds.get(position) !== build || build.status !== 'building') return;
      // a process that ended without a state: the next request tries again
      this.builds.delete(position);
      this.failures.add(position);
      this.logger.error({ position, code, stderr: errors }, 'building the state as of a position failed');
    });
    return { status: 'building', position, progress: null };
  }

  private heard(position: number, build: Build, line: string): void {
    let message: { progress?: AuditStateBuilding['progress']; state?: AuditStateReady; missing?: number };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (build.status !== 'building' || this.builds.get(position) !== build) return;
    if (message.progress) build.progress = message.progress;
    else if (message.state) this.settle(position, { status: 'ready', state: message.state });
    else if (message.missing !== undefined) this.settle(position, { status: 'missing' });
  }

  private settle(position: number, outcome: Build): void {
    this.builds.set(position, outcome);
    const done = [...this.builds].filter(([, build]) => build.status !== 'building');
    for (const [old] of done.slice(0, Math.max(0, done.length - this.kept))) this.builds.delete(old);
  }
}
