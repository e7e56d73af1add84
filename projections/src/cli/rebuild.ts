import { parseArgs } from 'node:util';
import { closeContainer, createContainer, loadConfig, TOKENS } from '@vip/platform';
import { projectorsNamed } from '../read-models/index.ts';
import { rebuildReadModels } from '../rebuild.ts';

/**
 * npm run rebuild -- [--projection NAME ...]
 * Drops read models and replays them from the start of the log. Stop the server first when
 * it runs on the same DATA_DIR: two writers would race on the same read models.
 */
const { values } = parseArgs({ options: { projection: { type: 'string', multiple: true } } });
const projectors = projectorsNamed(values.projection);
const config = loadConfig();
const container = await createContainer(config, 'rebuild');
const [eventStore, readStore] = await Promise.all([container.getAsync(TOKENS.eventStore), container.getAsync(TOKENS.readStore)]);

process.stderr.write(`Rebuilding ${projectors.map((p) => p.name).join(', ')}\n`);
const result = await rebuildReadModels(eventStore, readStore, projectors, {
  onProgress: ({ applied, total, eventsPerSecond }) => {
    const share = total === 0 ? 1 : applied / total;
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
    const eta = eventsPerSecond > 0 ? Math.max(0, (total - applied) / eventsPerSecond) : 0;
    process.stderr.write(`\r[${bar}] ${(share * 100).toFixed(1)}%  ${Math.round(eventsPerSecond)} events/s  ETA ${eta.toFixed(1)} s   `);
  },
});
process.stderr.write(`\nDone: ${result.events} events in ${result.seconds.toFixed(2)} s\n`);
await closeContainer(container);
