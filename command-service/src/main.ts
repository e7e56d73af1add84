import { closeContainer, createContainer, loadConfig } from '@vip/platform';
import { createCommandApp } from './app.ts';
import { resolveCommandDeps } from './core/deps.ts';
import { bootstrapAdmin } from './users/bootstrap-admin.ts';

/** command-service on its own (distributed mode, behind the proxy). */
const config = loadConfig();
const container = await createContainer(config, 'command-service');
const deps = await resolveCommandDeps(container);
await bootstrapAdmin(deps.eventStore, config, deps.logger).catch((error) => deps.logger.warn({ err: error }, 'admin bootstrap skipped'));
const server = createCommandApp(deps).listen(config.port, config.host, () => deps.logger.info({ port: config.port }, 'command-service listening'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void closeContainer(container).then(() => process.exit(0))));
}
