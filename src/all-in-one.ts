import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bootstrapAdmin, createCommandApp, resolveCommandDeps } from '@vip/command-service';
import { createQueryApp, resolveQueryDeps } from '@vip/query-service';
import { ProjectionRunner, allProjectors, attachWsGateway } from '@vip/projections';
import { closeContainer, createContainer, type AppConfig } from '@vip/platform';
import { createFrontendApp } from './frontend-files.ts';

export interface RunningProduct {
  server: http.Server;
  url: string;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

/**
 * The embedded run mode: command-service, query-service, projections with /ws and the
 * frontend in one process, composed from the same factories the separate services use.
 * Requests are split the way the distributed proxy splits them: GET → queries, other
 * methods → commands, /ws → projections, everything else → the frontend.
 */
export async function startAllInOne(config: AppConfig): Promise<RunningProduct> {
  const container = await createContainer(config, 'all-in-one');
  const commandDeps = await resolveCommandDeps(container);
  const queryDeps = await resolveQueryDeps(container);
  const { eventStore, readStore, authenticator, logger } = commandDeps;

  const runner = new ProjectionRunner(eventStore, readStore, allProjectors, logger);
  await runner.start();
  await bootstrapAdmin(eventStore, config, logger);

  const commands = createCommandApp(commandDeps).callback();
  const queries = createQueryApp(queryDeps, 'all-in-one').callback();
  const frontend = createFrontendApp(config.frontendDir).callback();

  const server = http.createServer((req, res) => {
    const isApi = req.url === '/api' || req.url?.startsWith('/api/');
    if (!isApi) return frontend(req, res);
    return req.method === 'GET' || req.method === 'HEAD' ? queries(req, res) : commands(req, res);
  });
  const gateway = attachWsGateway(server, { runner, readStore, authenticator, logger });

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, dataDir: config.dataDir, eventStore: eventStore.adapterName, readStore: readStore.adapterName }, 'VIP access is running');

  return {
    server,
    url,
    runner,
    async close() {
      // stop taking requests, let the current projection batch finish, then close the stores
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.stop();
      await closeContainer(container);
    },
  };
}
