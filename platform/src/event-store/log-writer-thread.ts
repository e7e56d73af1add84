import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { AppendOutcome, AppendToWrite } from './sqlite-log-writes.ts';

/**
 * The thread runs TypeScript as the process does: it registers tsx itself before it loads the
 * writer (the `tsx` command registers it in the main thread only).
 */
const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./log-writer-worker.ts', import.meta.url).href)}); })`;

type PlainError = { message: string; name: string; code?: string };
type Reply = { ready: number } | { outcomes: AppendOutcome[] } | { failed: PlainError };

const errorOf = ({ message, name, code }: PlainError): Error =>
  Object.assign(new Error(message), { name }, code === undefined ? {} : { code });

/**
 * The embedded log's writer in a thread of its own (log-writer-worker.ts). A commit of the
 * log waits for the disk (synchronous = FULL: ~1 ms per commit); on the thread that answers
 * requests that wait blocked everything else. Here the caller's thread goes on serving while
 * a group is committed, and the appends that arrive meanwhile form the next group, so groups
 * grow with the load. One group at a time; a thread that died is started again for the next.
 */
export class LogWriterThread {
  private worker: Worker | undefined;
  private started: Promise<number> | undefined;
  private inFlight: { resolve: (outcomes: AppendOutcome[]) => void; reject: (error: Error) => void } | undefined;

  constructor(
    private readonly filename: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** Starts the thread (once); resolves with its connection's `synchronous` setting (2 = FULL). */
  start(): Promise<number> {
    if (this.started) return this.started;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { filename: this.filename, busyTimeoutMs: this.busyTimeoutMs },
    });
    this.worker = worker;
    this.started = new Promise<number>((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) return resolve(reply.ready);
        const waiting = this.inFlight;
        this.inFlight = undefined;
        if ('outcomes' in reply)
          waiting?.resolve(reply.outcomes.map((o) => ('error' in o ? { error: errorOf(o.error as PlainError) } : o)));
        else waiting?.reject(errorOf(reply.failed));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        reject(new Error(`the event log's writer thread ended (${code}) before it started`));
        if (this.worker !== worker) return;
        // whether the group in flight was committed is unknown, as after a crash
        this.worker = undefined;
        this.started = undefined;
        this.inFlight?.reject(new Error(`the event log's writer thread ended (${code}) during a commit`));
        this.inFlight = undefined;
      });
    });
    // an unused thread does not keep the process alive
    worker.unref();
    return this.started;
  }

  /** Commits a group (one at a time): each append's outcome, once the commit is on disk. */
  async commit(group: AppendToWrite[]): Promise<AppendOutcome[]> {
    if (this.inFlight) throw new Error('LogWriterThread.commit: one group at a time');
    const started = this.start();
    // a commit asked for keeps the process alive until it is answered (a CLI's last append)
    const worker = this.worker!;
    worker.ref();
    try {
      await started;
      return await new Promise<AppendOutcome[]>((resolve, reject) => {
        this.inFlight = { resolve, reject };
        worker.postMessage({ group });
      });
    } finally {
      worker.unref();
    }
  }

  /** Ends the thread once it has answered what it was sent. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = once(worker, 'exit');
    // an unreferenced thread would let the process end before it has committed and exited
    worker.ref();
    worker.postMessage('close');
    await exited;
  }
}
