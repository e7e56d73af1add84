import type { WsAuthMessage, WsServerMessage } from '@vip/contracts';
// The file, not the package index: the index also exports zod schemas we never want in the bundle.
import { WS_CLOSE_UNAUTHORIZED } from '@vip/contracts/plain';

/**
 * One authenticated /ws connection shared by every part of the page that wants live updates
 * (decisions.md §6). It opens with the first subscriber, closes with the last one or on logout,
 * and reconnects with backoff when the server goes away.
 */

export type RealtimeStatus = 'offline' | 'connecting' | 'live' | 'reconnecting';

export interface RealtimeSubscriber {
  onMessage(message: WsServerMessage): void;
  /** The socket is authenticated and listening: what was pushed before this may have been missed. */
  onReady?(): void;
  /** The server refused the token (close code 4401): the session is over. */
  onUnauthorized?(): void;
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

let token: string | null = null;
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failedAttempts = 0;
let status: RealtimeStatus = 'offline';
const subscribers = new Set<RealtimeSubscriber>();
const statusListeners = new Set<() => void>();

export function subscribeToRealtime(sessionToken: string, subscriber: RealtimeSubscriber): () => void {
  // A different token means a different session: the old connection belongs to someone else.
  if (token !== sessionToken) closeRealtime();
  token = sessionToken;
  subscribers.add(subscriber);
  if (!socket && retryTimer === undefined) connect();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) closeRealtime();
  };
}

/** Ends the connection for good (logout, session over); nothing reconnects until a new subscriber. */
export function closeRealtime(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  subscribers.clear();
  token = null;
  failedAttempts = 0;
  const closing = socket;
  socket = null; // set first, so that its close event is recognised as ours
  closing?.close(1000, 'session closed');
  setStatus('offline');
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function onRealtimeStatusChange(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function connect(): void {
  retryTimer = undefined;
  const sessionToken = token;
  if (!sessionToken) return;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  socket = ws;
  setStatus(failedAttempts === 0 ? 'connecting' : 'reconnecting');

  // The token travels in the first message, not in the URL, so that it never lands in access logs.
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: sessionToken } satisfies WsAuthMessage));

  ws.onmessage = (event) => {
    if (socket !== ws) return;
    const message = parse(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      failedAttempts = 0;
      setStatus('live');
      for (const subscriber of [...subscribers]) subscriber.onReady?.();
      return;
    }
    for (const subscriber of [...subscribers]) subscriber.onMessage(message);
  };

  ws.onclose = (event) => {
    if (socket !== ws) return; // we closed it on purpose
    socket = null;
    if (event.code === WS_CLOSE_UNAUTHORIZED) {
      // Retrying with a refused token would only be refused again.
      const refused = [...subscribers];
      closeRealtime();
      for (const subscriber of refused) subscriber.onUnauthorized?.();
      return;
    }
    scheduleReconnect();
  };
}

function scheduleReconnect(): void {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failedAttempts);
  failedAttempts += 1;
  // Jitter, so that every open tab does not knock on a restarted server at the same instant.
  const delay = ceiling / 2 + Math.random() * (ceiling / 2);
  setStatus('reconnecting');
  retryTimer = setTimeout(connect, delay);
}

function parse(data: unknown): WsServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    return typeof message === 'object' && message !== null && 'type' in message ? (message as WsServerMessage) : null;
  } catch {
    return null;
  }
}

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

// Back online after a network drop: no reason to sit out the rest of a long backoff.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (retryTimer === undefined) return;
    clearTimeout(retryTimer);
    connect();
  });
}
