import {
  closeContainer,
  createContainer,
  loadConfig,
  openSeparateReadStore,
  readCheckpoints,
  TOKENS,
  type EventStore,
  type ReadStore,
} from '@vip/platform';
import { allProjectors } from '../read-models/index.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { compareReadModels } from '../verify.ts';
import { rebuildProgress } from './progress.ts';
import { usingStore } from './scratch-store.ts';

/**
 * npm run verify
 * Rebuilds every read model into a scratch store up to the position the live ones have
 * reached, and prints every difference: an auditor's proof that projections are
 * deterministic. Exits 1 when anything differs. The server may keep running. The scratch
 * store (a file beside the live one, or a MongoDB database) is removed afterwards, whatever
 * happened.
 */
async function verify(eventStore: EventStore, live: ReadStore, scratch: ReadStore, where: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const before = await readCheckpoints(live);
    const position = Math.min(...allProjectors.map((p) => before.get(p.name) ?? 0));
    process.stderr.write(`Rebuilding every read model up to position ${position} in ${where}\n`);
    await rebuildReadModels(eventStore, scratch, allProjectors, { until: { position }, onProgress: rebuildProgress() });
    process.stderr.write('\n');
    const differences = await compareReadModels(live, scratch, allProjectors);
    const after = await readCheckpoints(live);
    const moved = allProjectors.some((p) => before.get(p.name) !== after.get(p.name));
    // a live projection that moved meanwhile makes the comparison meaningless: take it again
    if (moved && attempt < 3) continue;
    if (differences.length === 0) {
      process.stdout.write(`OK: ${allProjectors.length} read models equal a rebuild from position 0 to ${position}\n`);
      return 0;
    }
    for (const d of differences.slice(0, 50))
      process.stdout.write(
        `${d.collection} ${d.id}: ${d.kind}\n  live:    ${JSON.stringify(d.live)}\n  rebuilt: ${JSON.stringify(d.rebuilt)}\n`,
      );
    process.stdout.write(`${differences.length} difference(s)\n`);
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
