import { loadConfig } from '@vip/platform';
import { startAllInOne } from './all-in-one.ts';

/** `npm start`: the whole product in one process on the embedded stores. */
const product = await startAllInOne(loadConfig());
process.stdout.write(`\n  VIP access: open ${product.url}/login\n\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    product.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
