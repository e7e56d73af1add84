import type { Logger } from './logger.ts';

/** A shutdown that hangs (a store that never answers) must not keep the process forever. */
const SHUTDOWN_DEADLINE_MS = 30_000;

/**
 * On SIGTERM (the orchestrator) or SIGINT (Ctrl-C): run `close` once — it drains requests,
 * finishes the work in hand and closes the stores — then exit 0, or 1 if it failed or
 * outlived the deadline.
 */
export function onShutdownSignal(logger: Logger, close: () => Promise<void>): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      const started = performance.now();
      logger.info({ signal }, 'shutting down');
      setTimeout(() => {
        logger.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      close().then(
        () => {
          logger.info({ durationMs: Math.round(performance.now() - started) }, 'stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
