import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '@vip/platform/config.ts';
import { openLog } from '@vip/platform/event-store/open-log.ts';
import { createLogger } from '@vip/platform/logger.ts';
import { LogSealer } from './sealer.ts';

/**
 * The sealer's thread (sealer-thread.ts): a store of its own on the same log (another
 * connection to the embedded file, or another EventStoreDB client), so hashing never takes
 * the event loop that answers commands and applies projections. It opens only the log, not
 * the whole container: a thread holds its own copy of every module it imports.
 */
const { config } = workerData as { config: AppConfig };
const eventStore = await openLog(config);
const sealer = new LogSealer(eventStore, {
  every: config.audit.sealEvery,
  minutes: config.audit.sealMinutes,
  logger: createLogger('sealer', config.logLevel),
});
await sealer.start();
parentPort!.on('message', async (message: unknown) => {
  if (message === 'caught-up?') {
    await sealer.whenCaughtUp();
    parentPort!.postMessage('caught-up');
  }
  if (message !== 'stop') return;
  await sealer.stop();
  await eventStore.close();
  parentPort!.postMessage('stopped');
  parentPort!.close();
});
parentPort!.postMessage('started');
