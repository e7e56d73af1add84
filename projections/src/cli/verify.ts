import {
  closeContainer,
  createContainer,
  type EventStore,
  loadConfig,
  openSeparateReadStore,
  type ReadStore,
  readCheckpoints,
  readCollectionSets,
  TOKENS,
  versionedReadStoreOf,
} from '@vip/platform';
import { allProjectors } from '../read-models/index.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { type ReadModelDifference, readModelDifferences } from '../verify.ts';
import { rebuildProgress } from './progress.ts';
import { usingStore } from './scratch-store.ts';

/** Differences printed in full; the others are counted. */
const SHOWN = 50;

/**
 * npm run verify
 * Rebuilds every read model into a scratch store up to the position the live ones have
 * reached, and prints every difference: an auditor's proof that projections are
 * deterministic. Exits 1 when anything differs. The server may keep running. The scratch
 * store (a file beside the live one, or a MongoDB database) is removed afterwards, whatever
 * happened.
 */
async function verify(eventStore: EventStore, live: ReadStore, scratch: ReadStore, where: string): Promise<number> {
  // a projection whose new version is being built beside it is verified once the readers have switched
  const { building } = await readCollectionSets(versionedReadStoreOf(live).physical);
  const projectors = allProjectors.filter((projector) => !building[projector.name]);
  for (const name of Object.keys(building))
    process.stdout.write(`${name}: a new version is being built beside the live one; verify it once it has switched\n`);
  for (let attempt = 1; ; attempt++) {
    const before = await readCheckpoints(live);
    const position = Math.min(...projectors.map((p) => before.get(p.name) ?? 0));
    process.stderr.write(`Rebuilding every read model up to position ${position} in ${where}\n`);
    await rebuildReadModels(eventStore, scratch, projectors, { until: { position }, onProgress: rebuildProgress() });
    process.stderr.write('\n');
    // compared page by page; the first differences are kept to show, the others counted
    const shown: ReadModelDifference[] = [];
    let differences = 0;
    for await (const difference of readModelDifferences(live, scratch, projectors))
      if (differences++ < SHOWN) shown.push(difference);
    const after = await readCheckpoints(live);
    const moved = projectors.some((p) => before.get(p.name) !== after.get(p.name));
    // a live projection that moved meanwhile makes the comparison meaningless: take it again
    if (moved && attempt < 3) continue;
    if (differences === 0) {
      process.stdout.write(`OK: ${projectors.length} read models equal a rebuild from position 0 to ${position}\n`);
      return 0;
    }
    for (const d of shown)
      process.stdout.write(
        `${d.collection} ${d.id}: ${d.kind}\n  live:    ${JSON.stringify(d.live)}\n  rebuilt: ${JSON.stringify(d.rebuilt)}\n`,
      );
    process.stdout.write(`${differences} difference(s)\n`);
    return 1;
  }
}

const config = loadConfig();
const container = await createContainer(config, 'verify');
let exitCode = 1;
try {
  const [eventStore, live] = await Promise.all([
    container.getAsync(TOKENS.eventStore),
    container.getAsync(TOKENS.readStore),
  ]);
  const scratch = await openSeparateReadStore(config, `verify-${Date.now()}`);
  exitCode = await usingStore(scratch.store, 'destroy', (store) => verify(eventStore, live, store, scratch.where));
} finally {
  await closeContainer(container);
}
process.exit(exitCode);
