/** A readiness condition: true when met, otherwise why not (a short text for operators). */
export type ReadinessCheck = () => Promise<true | string> | true | string;

const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process should be sent traffic (GET /api/ready): every registered check
 * passes — the stores answer, the projections have caught up — and it is not shutting
 * down. Health says how things are; readiness says whether to route here.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  /** Adds (or replaces) the check of this name. */
  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Shutting down: not ready any more, whatever the checks say. */
  drain(): void {
    this.draining = true;
  }

  /** One check's outcome ('ok', or why not); null when no check has this name. */
  async outcomeOf(name: string): Promise<string | null> {
    const check = this.checks.get(name);
    if (!check) return null;
    const outcome = await withTimeout(check).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    return outcome === true ? 'ok' : outcome;
  }

  async report(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const checks: Record<string, string> = {};
    if (this.draining) checks.shutdown = 'shutting down';
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        const outcome = await withTimeout(check).catch((error: unknown) =>
          error instanceof Error ? error.message : String(error),
        );
        checks[name] = outcome === true ? 'ok' : outcome;
      }),
    );
    return { ready: Object.values(checks).every((outcome) => outcome === 'ok'), checks };
  }
}

async function withTimeout(check: ReadinessCheck): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
