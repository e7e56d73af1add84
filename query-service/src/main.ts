import { closeContainer, createContainer, loadConfig } from '@vip/platform';
import { createQueryApp } from './app.ts';
import { resolveQueryDeps } from './deps.ts';

/** query-service on its own (distributed mode, behind the proxy). */
const config = loadConfig();
const container = await createContainer(config, 'query-service');
const deps = await resolveQueryDeps(container);
const server = createQueryApp(deps).listen(config.port, config.host, () => deps.logger.info({ port: config.port }, 'query-service listening'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void closeContainer(container).then(() => process.exit(0))));
}
