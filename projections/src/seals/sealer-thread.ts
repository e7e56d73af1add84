import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { type AppConfig, type Logger, logSettingsForThread } from '@vip/platform';

const RESTART_MS = 1000;

/**
 * The thread runs TypeScript as the process does: it registers tsx itself before it loads the
 * sealer (the `tsx` command registers it in the main thread only, and a thread's own `--import`
 * does not reach a TypeScript entry).
 */
const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./sealer-worker.ts', import.meta.url).href)}); })`;
const STOP_MS = 10_000;

/**
 * The log sealer in a worker thread (sealer-worker.ts). Hashing costs a few microseconds per
 * event (its own reading of the log, a digest per event): in a thread of its own, on another
 * core, it never delays a command, a query or a projection of this process, and a catch-up
 * over a long unsealed log runs beside the projections' own instead of inside it. A thread
 * that dies is started again; it resumes from the log's last seal.
 */
export class SealerThread {
  private worker: Worker | undefined;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopping = false;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { config: this.config, ...logSettingsForThread() },
    });
    this.worker = worker;
    worker.on('error', (error) => this.logger.error({ err: error }, 'the log sealer thread failed'));
    worker.once('exit', (code) => {
      if (this.stopping || this.worker !== worker) return;
      this.logger.error({ code }, `the log sealer thread ended; starting it again in ${RESTART_MS} ms`);
      this.restartTimer = setTimeout(() => {
        this.start().catch((error: unknown) =>
          this.logger.error({ err: error }, 'the log sealer thread did not start'),
        );
      }, RESTART_MS);
    });
    // a thread that could not start is started again (above): the product runs on meanwhile
    await this.answer(worker, 'started').catch((error: unknown) =>
      this.logger.error({ err: error }, 'the log sealer thread did not start'),
    );
  }

  /** Resolves once the chain has caught up with the log (a test, a benchmark). */
  async whenCaughtUp(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    worker.postMessage('caught-up?');
    await this.answer(worker, 'caught-up');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = once(worker, 'exit');
    worker.postMessage('stop');
    // a seal being appended is finished; a thread that does not end in time is ended
    const timer = setTimeout(() => void worker.terminate(), STOP_MS);
    await exited;
    clearTimeout(timer);
  }

  private answer(worker: Worker, expected: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message !== expected) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number) => {
        worker.off('message', onMessage);
        reject(new Error(`the log sealer thread ended (${code}) before it said "${expected}"`));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });
  }
}
