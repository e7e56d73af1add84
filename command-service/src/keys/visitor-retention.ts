import type { CommandDeps } from '../core/deps.ts';

const HOUR_MS = 3_600_000;

/**
 * How long until the next run: just after the next UTC midnight, when a day's key passes the
 * retention, and never more than an hour (a clock set again, a machine that slept).
 */
export function untilNextRun(now: Date): number {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.min(HOUR_MS, nextMidnight - now.getTime() + 1_000);
}

export interface VisitorRetention {
  /** Stops the timer, after the run under way if there is one. */
  stop(): Promise<void>;
}

/**
 * The command service destroys the visitors' day keys past VISITOR_RETENTION_DAYS: once at start
 * (a process stopped for days finds old keys; the all-in-one waits for it before it answers),
 * then on a timer. Every replica
 * runs it; destroying keys already gone changes nothing. A failed run is logged and the next
 * one tries again.
 */
export async function startVisitorRetention(
  deps: Pick<CommandDeps, 'visitorDigests' | 'logger'>,
  now: () => Date = () => new Date(),
): Promise<VisitorRetention> {
  const run = async () => {
    try {
      const destroyed = await deps.visitorDigests.forgetExpired(now());
      if (destroyed > 0)
        deps.logger.info(
          { destroyed, retentionDays: deps.visitorDigests.retentionDays },
          "visitors' day keys past the retention destroyed",
        );
    } catch (error) {
      deps.logger.error({ err: error }, "destroying the visitors' old day keys failed; tried again at the next run");
    }
  };
  await run();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(() => {
      running = run().then(() => {
        if (!stopped) arm();
      });
    }, untilNextRun(now()));
    // the timer alone keeps no process alive
    timer.unref();
  };
  arm();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
