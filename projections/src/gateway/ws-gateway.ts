import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WS_CLOSE_TOO_MANY, WS_CLOSE_TRY_AGAIN, WS_CLOSE_UNAUTHORIZED, type WsServerMessage } from '@vip/contracts';
import {
  type Authenticator,
  type Logger,
  type Metrics,
  type ReadStore,
  requestClientAddress,
  SessionNotYetKnown,
} from '@vip/platform';
import { concatMap, from, type Subscription } from 'rxjs';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ProjectionRunner } from '../runner.ts';
import { endedSessions, liveMessages } from './live-messages.ts';

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

interface Client {
  socket: WebSocket;
  sessionId: string;
  /** The signed-in user: a push about one user goes to their sockets only. */
  userId: string;
  alive: boolean;
}

/** How many connections one session, and one client address, may hold (issue #19 item 8). */
export interface LiveConnectionLimits {
  perSession: number;
  /** Signed in or still to send its token: an address cannot hold sockets open by never signing in either. */
  perAddress: number;
  /** Proxies of ours in front (TRUST_PROXY_HOPS): where the client's address is read. */
  trustProxyHops: number;
}

const UNLIMITED: LiveConnectionLimits = {
  perSession: Number.POSITIVE_INFINITY,
  perAddress: Number.POSITIVE_INFINITY,
  trustProxyHops: 0,
};

/** Counts per key (a session, an address), forgetting a key at zero. */
class Tally {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }
  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

export interface WsGateway {
  clientCount(): number;
  close(): Promise<void>;
}

/**
 * /ws: a browser sends `{ type: 'auth', token }` first and gets `{ type: 'ready' }`, or the
 * socket is closed with 4401. After that it receives the pushes of every committed batch.
 * A connection beyond its address's share, or its session's once signed in, is closed with
 * 4429 (issue #19 item 8: one token or one address could hold sockets without bound).
 */
export function attachWsGateway(
  server: Server,
  deps: {
    runner: ProjectionRunner;
    readStore: ReadStore;
    authenticator: Authenticator;
    logger: Logger;
    metrics?: Metrics;
    limits?: LiveConnectionLimits;
  },
): WsGateway {
  const limits = deps.limits ?? UNLIMITED;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const clients = new Set<Client>();
  const perAddress = new Tally();
  const perSession = new Tally();
  const stopCounting = deps.metrics?.watchWsClients(() => clients.size);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/ws') return void socket.destroy();
    const address = requestClientAddress(request, limits.trustProxyHops);
    wss.handleUpgrade(request, socket, head, (ws) => greet(ws, address));
  };
  server.on('upgrade', onUpgrade);

  function greet(ws: WebSocket, address: string): void {
    ws.on('error', (error) => deps.logger.debug({ err: error }, 'ws client error'));
    if (perAddress.of(address) >= limits.perAddress) return ws.close(WS_CLOSE_TOO_MANY, 'Too many connections');
    perAddress.add(address);
    ws.once('close', () => perAddress.remove(address));
    const timeout = setTimeout(() => ws.close(WS_CLOSE_UNAUTHORIZED, 'Authentication required'), AUTH_TIMEOUT_MS);
    ws.once('message', async (raw) => {
      clearTimeout(timeout);
      const token = parseAuth(raw.toString());
      const user = token
        ? await deps.authenticator.authenticate(token).catch((error: unknown) => error as Error)
        : null;
      // not projected yet: the client reconnects with backoff, the session is not over
      if (user instanceof SessionNotYetKnown) return ws.close(WS_CLOSE_TRY_AGAIN, 'Try again later');
      if (!user || user instanceof Error) return ws.close(WS_CLOSE_UNAUTHORIZED, 'Unauthorized');
      if (ws.readyState !== ws.OPEN) return;
      if (perSession.of(user.sessionId) >= limits.perSession)
        return ws.close(WS_CLOSE_TOO_MANY, 'Too many connections');
      const client: Client = { socket: ws, sessionId: user.sessionId, userId: user.id, alive: true };
      clients.add(client);
      perSession.add(user.sessionId);
      ws.on('pong', () => (client.alive = true));
      ws.on('close', () => {
        if (clients.delete(client)) perSession.remove(client.sessionId);
      });
      send(ws, { type: 'ready' });
    });
  }

  const pushes: Subscription = deps.runner.applied$
    .pipe(concatMap((batch) => from(liveMessages(batch, deps.readStore).then((messages) => ({ batch, messages })))))
    .subscribe({
      next: ({ batch, messages }) => {
        const ended = endedSessions(batch);
        for (const client of clients) {
          if (ended.has(client.sessionId)) {
            client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Session ended');
            continue;
          }
          for (const { message, userId } of messages) {
            if (userId === undefined || userId === client.userId) send(client.socket, message);
          }
        }
      },
      error: (error: unknown) => deps.logger.error({ err: error }, 'ws push pipeline failed'),
    });

  // drop sockets whose peer vanished without closing
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        if (clients.delete(client)) perSession.remove(client.sessionId);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS).unref();

  return {
    clientCount: () => clients.size,
    close: async () => {
      clearInterval(heartbeat);
      stopCounting?.();
      pushes.unsubscribe();
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function parseAuth(text: string): string | null {
  try {
    const message = JSON.parse(text) as { type?: unknown; token?: unknown };
    return message.type === 'auth' && typeof message.token === 'string' ? message.token : null;
  } catch {
    return null;
  }
}

function send(ws: WebSocket, message: WsServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}
