import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBots } from '@vip/bots';
import { bootstrapAdmin, createCommandApp, resolveCommandDeps, startVisitorRetention } from '@vip/command-service';
import {
  type AppConfig,
  closeContainer,
  createContainer,
  divergencePolicyOf,
  drainable,
  type Logger,
  productServer,
  TOKENS,
  withStripePrices,
} from '@vip/platform';
import {
  allProjectors,
  attachWsGateway,
  ProjectionRunner,
  type Projector,
  type RunnerOptions,
  SealerThread,
} from '@vip/projections';
import { createQueryApp, resolveQueryDeps, siteSettingsOf } from '@vip/query-service';
import { createFrontendApp } from './frontend-files.ts';

export interface RunningProduct {
  server: http.Server;
  url: string;
  runner: ProjectionRunner;
  logger: Logger;
  /** The generated first admin's password lines (first start only), for the terminal beside the address. */
  firstStart: string[];
  close(): Promise<void>;
}

/**
 * The embedded run mode: command-service, query-service, projections with /ws and the
 * frontend in one process, composed from the same factories the separate services use.
 * Requests are split the way the distributed proxy splits them: GET → queries, other
 * methods → commands, /ws → projections, /metrics → this process's metrics, everything
 * else → the frontend.
 */
export async function startAllInOne(
  appConfig: AppConfig,
  /** Other projectors, or runner options, than the product's own (a projector's next version in a test). */
  projections: { projectors?: readonly Projector[]; runner?: RunnerOptions } = {},
): Promise<RunningProduct> {
  // bots inside this process need a service token even when none is configured: one for this run
  const needsBotToken =
    !appConfig.botApiToken && Boolean(process.env.DISCORD_TOKEN || process.env.POSTER_DISCORD_TOKEN);
  // what Stripe charges for each configured price, read before anything starts: a wrong price stops the start
  const config = await withStripePrices(
    needsBotToken ? { ...appConfig, botApiToken: randomBytes(32).toString('base64url') } : appConfig,
  );
  const container = await createContainer(config, 'all-in-one');
  const commandDeps = await resolveCommandDeps(container);
  const queryDeps = await resolveQueryDeps(container);
  const { eventStore, readStore, authenticator, logger, metrics, readiness } = commandDeps;

  // read models ahead of the log: refused (LogDivergenceError), or rebuilt with REBUILD_ON_DIVERGENCE=true
  const runner = new ProjectionRunner(eventStore, readStore, projections.projectors ?? allProjectors, logger, {
    ...projections.runner,
    metrics,
    onDivergence: divergencePolicyOf(),
  });
  readiness.add('projections', () => runner.isCaughtUp() || 'catching up with the log');
  // a new projector version is built beside the live read models once the product answers (below)
  await runner.start({ startBuilds: false });
  // tamper evidence: seals the log from its last seal on, in a thread beside the projections (issue #15)
  const sealer = new SealerThread(config, logger);
  await sealer.start();
  // kept for main.ts, which prints them with the address once everything has started, below the start-up logs
  const firstStart: string[] = [];
  await bootstrapAdmin(eventStore, config, logger, (line) => firstStart.push(line));
  // the visitors' day keys past VISITOR_RETENTION_DAYS are destroyed now, then daily
  const visitorRetention = await startVisitorRetention(commandDeps);

  const commands = createCommandApp(commandDeps, 'all-in-one').callback();
  const queries = createQueryApp(queryDeps, 'all-in-one').callback();
  // the pages carry the site's run-time settings (decisions.md §12): no rebuild, no extra round trip
  const frontend = createFrontendApp(
    config.frontendDir,
    { logger, metrics },
    siteSettingsOf(config),
    config,
  ).callback();

  // a request must arrive within REQUEST_TIMEOUT_SECONDS: a trickled body is cut off (408)
  const server = productServer((req, res) => {
    const isApi = req.url === '/api' || req.url?.startsWith('/api/');
    if (req.url === '/metrics' || req.url?.startsWith('/metrics?')) return queries(req, res);
    if (!isApi) return frontend(req, res);
    return req.method === 'GET' || req.method === 'HEAD' ? queries(req, res) : commands(req, res);
  }, config);
  const requests = drainable(server);
  const gateway = attachWsGateway(server, {
    runner,
    readStore,
    authenticator,
    logger,
    metrics,
    limits: { ...config.liveConnections, trustProxyHops: config.trustProxyHops },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    // the generated password is shown only once: a start that fails here must not take it along
    for (const line of firstStart) process.stdout.write(`${line}\n`);
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info(
    { url, dataDir: config.dataDir, eventStore: eventStore.adapterName, readStore: readStore.adapterName },
    'VIP access is running',
  );
  runner.startBuilds();
  // /api/ready also fails while a bot's event feed is down or catching up
  const snapshotStore = await container.getAsync(TOKENS.snapshotStore);
  const bots = startBots({ eventStore, snapshotStore, appConfig: config, productUrl: url, logger, readiness });

  return {
    server,
    url,
    runner,
    logger,
    firstStart,
    /**
     * Graceful shutdown: say "not ready", stop the bots first (they call this API, so they
     * finish while it still answers), close /ws, stop accepting HTTP and answer the requests
     * in flight, let the projection batch being applied commit, then close the stores.
     */
    async close() {
      readiness.drain();
      await bots.stop();
      await gateway.close();
      await requests.close();
      await runner.stop();
      await sealer.stop();
      await visitorRetention.stop();
      await closeContainer(container);
    },
  };
}
