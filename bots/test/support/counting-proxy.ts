import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a bot made to the product, as the proxy passed it on. */
export interface ProxiedCall {
  method: string;
  path: string;
  at: number;
}

/**
 * An HTTP proxy in front of the product that records every call a bot sends it: what a
 * start costs in requests, counted. Point the bot's PRODUCT_API_URL at `url`.
 */
export async function countingProxy(
  target: string,
): Promise<{ url: string; calls: ProxiedCall[]; close(): Promise<void> }> {
  const calls: ProxiedCall[] = [];
  const destination = new URL(target);
  const server = http.createServer((request, response) => {
    calls.push({ method: request.method ?? 'GET', path: request.url ?? '/', at: Date.now() });
    const forwarded = http.request(
      {
        host: destination.hostname,
        port: destination.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: destination.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.statusCode = 502;
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
