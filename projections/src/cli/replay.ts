import { parseArgs } from 'node:util';
import {
  closeContainer,
  createContainer,
  type EventStore,
  loadConfig,
  openSeparateReadStore,
  type ReadStore,
  TOKENS,
} from '@vip/platform';
import { projectorsNamed } from '../read-models/index.ts';
import { type ReplayLimit, rebuildReadModels } from '../rebuild.ts';
import { rebuildProgress } from './progress.ts';
import { usingStore } from './scratch-store.ts';

/**
 * npm run replay -- [--projection NAME ...] [--until POSITION|TIME]
 * Without --until: rebuilds the live read models from the log (stop the server first).
 * With --until: builds the read models as they were at that position or time into a
 * separate store, for inspection; the live ones are not touched.
 */
const usage = 'Usage: npm run replay -- [--projection NAME ...] [--until POSITION|ISO-TIME]';
const { values } = parseArgs({
  options: { projection: { type: 'string', multiple: true }, until: { type: 'string' } },
});

function parseLimit(raw: string | undefined): ReplayLimit | undefined {
  if (raw === undefined) return undefined;
  if (/^\d+$/.test(raw)) return { position: Number(raw) };
  const time = new Date(raw);
  if (Number.isNaN(time.getTime())) {
    process.stderr.write(`--until must be a log position or a time such as 2026-11-22T12:00:00Z\n${usage}\n`);
    process.exit(2);
  }
  return { time };
}

const until = parseLimit(values.until);
const projectors = projectorsNamed(values.projection);
const config = loadConfig();
const container = await createContainer(config, 'replay');

async function replayInto(eventStore: EventStore, store: ReadStore, where: string): Promise<void> {
  process.stderr.write(
    `Replaying ${projectors.map((p) => p.name).join(', ')} into ${where}${values.until ? ` as of ${values.until}` : ''}\n`,
  );
  const result = await rebuildReadModels(eventStore, store, projectors, { until, onProgress: rebuildProgress() });
  process.stderr.write(
    `\nDone: ${result.events} events up to position ${result.position} in ${result.seconds.toFixed(2)} s (${Math.round(result.events / Math.max(result.seconds, 1e-6))} events/s)\n`,
  );
}

// every store this opened is closed, whatever fails on the way
try {
  const eventStore = await container.getAsync(TOKENS.eventStore);
  if (until) {
    const target = await openSeparateReadStore(config, `as-of-${values.until}`);
    await usingStore(target.store, 'close', (store) => replayInto(eventStore, store, target.where));
    process.stdout.write(`${target.where}\n`);
  } else {
    await replayInto(eventStore, await container.getAsync(TOKENS.readStore), 'the live read models');
  }
} finally {
  await closeContainer(container);
}
