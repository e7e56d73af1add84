import { parentPort, workerData } from 'node:worker_threads';
import { createContainer, TOKENS, type AppConfig, type EventStore } from '@vip/platform';
import { LogSealer } from './sealer.ts';

/**
 * The sealer's thread (sealer-thread.ts): a store of its own on the same log (another
 * connection to the embedded file, or another EventStoreDB client), so hashing never takes
 * the event loop that answers commands and applies projections.
 */
const { config } = workerData as { config: AppConfig };
const container = await createContainer(config, 'sealer');
const eventStore: EventStore = await container.getAsync(TOKENS.eventStore);
const sealer = new LogSealer(eventStore, {
  every: config.audit.sealEvery,
  minutes: config.audit.sealMinutes,
  logger: container.get(TOKENS.logger),
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
