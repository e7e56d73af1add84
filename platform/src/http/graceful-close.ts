import type { Server, ServerResponse } from 'node:http';

export interface DrainingServer {
  /**
   * Stops accepting connections and resolves once every request in flight has been
   * answered. Idle keep-alive connections are closed at once, busy ones right after their
   * answer (`Connection: close`); whatever is still open after `timeoutMs` is cut.
   */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Graceful shutdown for a node HTTP server (call right after creating it): remembers the
 * requests in flight so that closing can let them finish instead of dropping them, and
 * keep-alive sockets do not hold the process open.
 */
export function drainable(server: Server): DrainingServer {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    // a request that arrives on a kept-alive socket while we close is still answered, then the socket goes
    if (closing) response.setHeader('Connection', 'close');
    response.once('close', () => inFlight.delete(response));
  });

  return {
    close(timeoutMs = 10_000) {
      closing = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      return new Promise<void>((resolve) => {
        const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
