import { parseArgs } from 'node:util';
import { closeContainer, createContainer, loadConfig, TOKENS } from '@vip/platform';
import { projectorsNamed } from '../read-models/index.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { rebuildProgress } from './progress.ts';

/**
 * npm run rebuild -- [--projection NAME ...]
 * Drops read models and replays them from the start of the log. Stop the server first when
 * it runs on the same DATA_DIR: two writers would race on the same read models.
 */
const { values } = parseArgs({ options: { projection: { type: 'string', multiple: true } } });
const projectors = projectorsNamed(values.projection);
const config = loadConfig();
const container = await createContainer(config, 'rebuild');
const [eventStore, readStore] = await Promise.all([
  container.getAsync(TOKENS.eventStore),
  container.getAsync(TOKENS.readStore),
]);

process.stderr.write(`Rebuilding ${projectors.map((p) => p.name).join(', ')}\n`);
const result = await rebuildReadModels(eventStore, readStore, projectors, { onProgress: rebuildProgress() });
process.stderr.write(`\nDone: ${result.events} events in ${result.seconds.toFixed(2)} s\n`);
await closeContainer(container);
