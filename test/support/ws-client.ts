import type { WsServerMessage } from '@vip/contracts';
import WebSocket from 'ws';

/** A /ws client for tests: collects pushes and lets a test wait for one. */
export class LiveClient {
  readonly messages: WsServerMessage[] = [];
  private waiters: Array<() => void> = [];
  closeCode: number | null = null;
  private readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.messages.push(JSON.parse(raw.toString()) as WsServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        this.closeCode = code;
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
  }

  /** Opens /ws and sends the auth message (unless `authMessage` is null). */
  static async connect(
    baseUrl: string,
    authMessage: unknown,
    options: { headers?: Record<string, string> } = {},
  ): Promise<LiveClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers: options.headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const client = new LiveClient(socket);
    if (authMessage !== null) socket.send(typeof authMessage === 'string' ? authMessage : JSON.stringify(authMessage));
    return client;
  }

  /** Resolves with the first message matching `predicate`, waiting up to `timeoutMs`. */
  async waitFor<T extends WsServerMessage>(
    predicate: (message: WsServerMessage) => message is T,
    timeoutMs?: number,
  ): Promise<T>;
  async waitFor(predicate: (message: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage>;
  async waitFor(predicate: (message: WsServerMessage) => boolean, timeoutMs = 5000): Promise<WsServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (this.closeCode !== null) throw new Error(`socket closed with ${this.closeCode} before the message arrived`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitForClose(): Promise<number> {
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}
