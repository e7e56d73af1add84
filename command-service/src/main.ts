import { closeContainer, createContainer, loadConfig, TOKENS } from '@vip/platform';
import { createCommandApp } from './app.ts';
import { bootstrapAdmin } from './users/bootstrap-admin.ts';

/** command-service on its own (distributed mode, behind the proxy). */
const config = loadConfig();
const container = await createContainer(config, 'command-service');
const [eventStore, readStore] = await Promise.all([container.getAsync(TOKENS.eventStore), container.getAsync(TOKENS.readStore)]);
const deps = {
  eventStore,
  readStore,
  logger: container.get(TOKENS.logger),
  corsOrigin: config.corsOrigin,
  sessionTokens: container.get(TOKENS.sessionTokens),
  authenticator: await container.getAsync(TOKENS.authenticator),
};
await bootstrapAdmin(eventStore, config, deps.logger).catch((error) => deps.logger.warn({ err: error }, 'admin bootstrap skipped'));
const server = createCommandApp(deps).listen(config.port, config.host, () => deps.logger.info({ port: config.port }, 'command-service listening'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void closeContainer(container).then(() => process.exit(0))));
}
