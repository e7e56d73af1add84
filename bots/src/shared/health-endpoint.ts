import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { healthPaths, type ReadinessResponse } from '@vip/contracts';
import type { Logger, Readiness } from '@vip/platform';

export interface HealthEndpoint {
  url: string;
  close(): Promise<void>;
}

/**
 * GET /api/ready for the bots' own process, shaped like every service's: 200 while each
 * running bot's event feed follows the log, 503 while one is down, catching up, or could
 * not start (docker-compose's healthcheck asks it). Nothing else is served.
 */
export async function serveHealth(
  readiness: Readiness,
  options: { port: number; host: string; logger: Logger },
): Promise<HealthEndpoint> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== healthPaths.ready.path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    readiness.report().then(
      ({ ready, checks }) => {
        const body: ReadinessResponse = { status: ready ? 'ready' : 'not ready', service: 'bots', checks };
        res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'the readiness report failed');
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal error"}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
