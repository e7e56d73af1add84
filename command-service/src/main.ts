import {
  closeContainer,
  createContainer,
  divergencePolicyOf,
  drainable,
  exitOnRefusal,
  loadConfig,
  onShutdownSignal,
  productServer,
  refuseDivergedReadModels,
} from '@vip/platform';
import { createCommandApp } from './app.ts';
import { resolveCommandDeps } from './core/deps.ts';
import { bootstrapAdminWhenWritable } from './users/bootstrap-admin.ts';

/** command-service on its own (distributed mode, behind the proxy). */
const config = loadConfig();
const container = await createContainer(config, 'command-service');
const deps = await resolveCommandDeps(container);
// read models ahead of the log (a lost tail, a restored backup) are not served
await refuseDivergedReadModels(deps.eventStore, deps.readStore, deps.logger, divergencePolicyOf()).catch(exitOnRefusal);
// in the background, until the log accepts writes (EventStoreDB may still be starting)
const bootstrapping = new AbortController();
void bootstrapAdminWhenWritable(deps.eventStore, config, deps.logger, { signal: bootstrapping.signal }).catch((error) =>
  deps.logger.error({ err: error }, 'the first admin cannot be created'),
);
const server = productServer(createCommandApp(deps).callback(), config);
const requests = drainable(server);
server.listen(config.port, config.host, () => deps.logger.info({ port: config.port }, 'command-service listening'));

// not ready any more, stop accepting, answer the commands in flight (their events are appended), close the stores
onShutdownSignal(deps.logger, async () => {
  bootstrapping.abort();
  deps.readiness.drain();
  await requests.close();
  await closeContainer(container);
});
