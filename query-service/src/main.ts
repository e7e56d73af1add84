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
import { createQueryApp } from './app.ts';
import { resolveQueryDeps } from './deps.ts';

/** query-service on its own (distributed mode, behind the proxy). */
const config = loadConfig();
const container = await createContainer(config, 'query-service');
const deps = await resolveQueryDeps(container);
// read models ahead of the log (a lost tail, a restored backup) are not served
await refuseDivergedReadModels(deps.eventStore, deps.readStore, deps.logger, divergencePolicyOf()).catch(exitOnRefusal);
const server = productServer(createQueryApp(deps).callback(), config);
const requests = drainable(server);
server.listen(config.port, config.host, () => deps.logger.info({ port: config.port }, 'query-service listening'));

onShutdownSignal(deps.logger, async () => {
  deps.readiness.drain();
  await requests.close();
  await closeContainer(container);
});
