import {
  accessLog,
  closeContainer,
  createContainer,
  divergencePolicyOf,
  drainable,
  errorHandler,
  exitOnRefusal,
  healthRoutes,
  loadConfig,
  metricsEndpoint,
  onShutdownSignal,
  productServer,
  TOKENS,
} from '@vip/platform';
import Koa from 'koa';
import { attachWsGateway } from './gateway/ws-gateway.ts';
import { allProjectors } from './read-models/index.ts';
import { ProjectionRunner } from './runner.ts';
import { SealerThread } from './seals/sealer-thread.ts';

/** The projections process on its own (distributed mode): read models, /ws, health, readiness and /metrics. */
const config = loadConfig();
const container = await createContainer(config, 'projections');
const [eventStore, readStore, authenticator] = await Promise.all([
  container.getAsync(TOKENS.eventStore),
  container.getAsync(TOKENS.readStore),
  container.getAsync(TOKENS.authenticator),
]);
const logger = container.get(TOKENS.logger);
const metrics = container.get(TOKENS.metrics);
const readiness = container.get(TOKENS.readiness);
const runner = new ProjectionRunner(eventStore, readStore, allProjectors, logger, {
  metrics,
  onDivergence: divergencePolicyOf(),
});
// tamper evidence: seals the log from its last seal on, in a thread of its own (issue #15)
const sealer = new SealerThread(config, logger);
// ready once the read models have caught up with the log: before that, pushes would be stale
readiness.add('projections', () => runner.isCaughtUp() || 'catching up with the log');

const app = new Koa();
app.use(accessLog(logger, metrics));
app.use(errorHandler(logger));
// its port is reached only inside the deployment (the proxy forwards /ws alone)
app.use(metricsEndpoint(metrics, { token: config.metricsToken, openWithoutToken: true }));
app.use(healthRoutes('projections', eventStore, readStore, readiness, { metricsToken: config.metricsToken }).routes());
const server = productServer(app.callback(), config);
const requests = drainable(server);
const gateway = attachWsGateway(server, {
  runner,
  readStore,
  authenticator,
  logger,
  metrics,
  limits: { ...config.liveConnections, trustProxyHops: config.trustProxyHops },
});
server.listen(config.port, config.host, () => logger.info({ port: config.port }, 'projections listening'));

onShutdownSignal(logger, async () => {
  readiness.drain();
  await gateway.close();
  await requests.close();
  // the batch being applied commits; the next start resumes from the checkpoints
  await runner.stop();
  await sealer.stop();
  await closeContainer(container);
});

await runner.start().catch(exitOnRefusal);
logger.info('read models caught up');
await sealer.start();
