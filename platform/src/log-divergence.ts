import { projections } from '@vip/contracts';
import type { EventStore } from './event-store/event-store.ts';
import type { Logger } from './logger.ts';
import { readCheckpoints } from './projection-checkpoints.ts';
import type { ReadStore } from './read-store/read-store.ts';
import { StripePricesRefused } from './stripe-prices.ts';

/**
 * What a process does at start when read models are ahead of the log: refuse to serve (the
 * default), or rebuild them from the log (REBUILD_ON_DIVERGENCE=true).
 */
export type DivergencePolicy = 'refuse' | 'rebuild';

export function divergencePolicyOf(env: NodeJS.ProcessEnv = process.env): DivergencePolicy {
  const raw = env.REBUILD_ON_DIVERGENCE;
  if (raw === undefined || raw === '' || raw === 'false') return 'refuse';
  if (raw === 'true') return 'rebuild';
  throw new Error(`REBUILD_ON_DIVERGENCE must be true or false, got "${raw}"`);
}

/** Read models whose checkpoint lies past the log's last event. */
export interface Divergence {
  headPosition: number | null;
  ahead: { name: string; checkpoint: number }[];
}

/**
 * A checkpoint past the log's head means the log lost events the read models applied (a lost
 * tail, a log restored from a backup). Those read models hold what the log no longer has, and
 * the events appended next would be skipped as already applied, silently. Only the named
 * projections are looked at (a retired one's checkpoint is never moved again). Null when none is.
 */
export async function readModelsAheadOfLog(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: Iterable<string>,
): Promise<Divergence | null> {
  const names = new Set(projections);
  // the checkpoints first: a head read after them covers every event they could have applied,
  // while the projections process goes on meanwhile (read together, a fresh checkpoint could
  // pass a head read a moment earlier)
  const checkpoints = await readCheckpoints(readStore);
  const headPosition = await eventStore.headPosition();
  const ahead = [...checkpoints]
    .filter(([name, checkpoint]) => names.has(name) && (headPosition === null || checkpoint > headPosition))
    .map(([name, checkpoint]) => ({ name, checkpoint }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return ahead.length === 0 ? null : { headPosition, ahead };
}

const NAMED = 5;

export function divergenceMessage({ headPosition, ahead }: Divergence): string {
  const furthest = Math.max(...ahead.map((projection) => projection.checkpoint));
  const names = ahead.slice(0, NAMED).map((projection) => projection.name);
  if (ahead.length > NAMED) names.push(`${ahead.length - NAMED} more`);
  return [
    `The read models are ahead of the event log: ${ahead.length} read model(s) (${names.join(', ')}) applied events up to position ${furthest}, but the log ${headPosition === null ? 'is empty' : `ends at position ${headPosition}`}.`,
    'The log lost its last events (or was restored from a backup): these read models hold events the log no longer has, and would skip the next ones.',
    'Stop the services and run `npm run rebuild` (same DATA_DIR / EVENTSTORE_URL / MONGODB_URL), or start with REBUILD_ON_DIVERGENCE=true (in the distributed mode: the projections process) to rebuild them at start.',
  ].join('\n');
}

/** Start-up refused: the read models are ahead of the log. */
export class LogDivergenceError extends Error {
  readonly name = 'LogDivergenceError';
  constructor(readonly divergence: Divergence) {
    super(divergenceMessage(divergence));
  }
}

/**
 * For a process that serves the read models without building them (command-service,
 * query-service): refuses to start while they are ahead of the log; with the 'rebuild'
 * policy, waits instead until the projections process has rebuilt them.
 */
export async function refuseDivergedReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  logger: Logger,
  policy: DivergencePolicy,
  pollMs = 1000,
): Promise<void> {
  const names = Object.values(projections);
  let divergence = await readModelsAheadOfLog(eventStore, readStore, names);
  if (!divergence) return;
  if (policy === 'refuse') {
    logger.fatal({ divergence }, divergenceMessage(divergence));
    throw new LogDivergenceError(divergence);
  }
  logger.warn({ divergence }, 'read models ahead of the event log: waiting for the projections to rebuild them');
  while (divergence) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    divergence = await readModelsAheadOfLog(eventStore, readStore, names);
  }
  logger.info('read models no longer ahead of the event log: serving');
}

/**
 * For a process's entry point: a refusal ends the process with its message alone (exit code
 * 1, no stack trace); any other start failure is thrown on.
 */
export function exitOnRefusal(error: unknown): never {
  if (!(error instanceof LogDivergenceError) && !(error instanceof StripePricesRefused)) throw error;
  process.stderr.write(`\n${error.message}\n\n`);
  process.exit(1);
}
