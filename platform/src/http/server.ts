import http from 'node:http';

/**
 * The HTTP server of a process, with a deadline for a request to arrive (issue #19 item 8):
 * Node waits 300 s by default, so a client trickling a body byte by byte held a connection
 * and its buffers for five minutes. Headers and body must now arrive within
 * `requestTimeoutSeconds` (408 after), checked about four times within that time. Answers
 * may take longer (an audit export streams for minutes); an upgraded /ws is not a request.
 */
export function productServer(handler: http.RequestListener, limits: { requestTimeoutSeconds: number }): http.Server {
  const requestTimeout = limits.requestTimeoutSeconds * 1000;
  return http.createServer(
    {
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
    },
    handler,
  );
}
