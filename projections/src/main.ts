import http from 'node:http';
import Koa from 'koa';
import { closeContainer, createContainer, errorHandler, healthRoutes, loadConfig, TOKENS } from '@vip/platform';
import { attachWsGateway } from './gateway/ws-gateway.ts';
import { allProjectors } from './read-models/index.ts';
import { ProjectionRunner } from './runner.ts';

/** The projections process on its own (distributed mode): read models, /ws and health. */
const config = loadConfig();
const container = await createContainer(config, 'projections');
const [eventStore, readStore, authenticator] = await Promise.all([
  container.getAsync(TOKENS.eventStore),
  container.getAsync(TOKENS.readStore),
  container.getAsync(TOKENS.authenticator),
]);
const logger = container.get(TOKENS.logger);
const runner = new ProjectionRunner(eventStore, readStore, allProjectors, logger);

const app = new Koa();
app.use(errorHandler(logger));
app.use(healthRoutes('projections', eventStore, readStore).routes());
const server = http.createServer(app.callback());
const gateway = attachWsGateway(server, { runner, readStore, authenticator, logger });
server.listen(config.port, config.host, () => logger.info({ port: config.port }, 'projections listening'));
await runner.start();
logger.info('read models caught up');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await gateway.close();
    await runner.stop();
    server.close(() => void closeContainer(container).then(() => process.exit(0)));
  });
}
