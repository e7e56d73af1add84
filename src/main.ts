import { exitOnRefusal, loadConfig, onShutdownSignal } from '@vip/platform';
import { startAllInOne } from './all-in-one.ts';

/** `npm start`: the whole product in one process on the embedded stores. */
const config = loadConfig();
const product = await startAllInOne(config).catch(exitOnRefusal);
// the last lines of the start, together: what a person at the terminal reads first
const firstStart = product.firstStart.filter((line) => line.trim() !== '');
process.stdout.write(
  `\n${firstStart.map((line) => `${line}\n`).join('')}\n  VIP access: open ${product.url}/login\n\n`,
);
// the product's own logger, so that shutdown lines fall in order with the requests it drains
onShutdownSignal(product.logger, () => product.close());
