import { errorCodes, errorTexts } from '@vip/contracts';
import { DomainError } from '../domain-error.ts';

export interface PasswordWorkLimits {
  /** Hashes running at once: argon2 runs on libuv's pool (4 threads), which also reads files. */
  atOnce: number;
  /** Waiting beyond those, all clients together. */
  queued: number;
  /** Running and waiting for one client address. */
  perClient: number;
}

/** Too much password hashing asked for: a 429 whose Retry-After says when to come back. */
export class PasswordWorkBusy extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', errorTexts.tooManyRequests, errorCodes.rateLimited);
  }
}

/**
 * A small queue in front of argon2 (issue #13: rotating usernames gave one client unlimited
 * hashing, and 60 parallel sign-ins starved every other request). Each unknown username still
 * costs a full hash, so nobody learns which users exist; what is bounded is how many hashes
 * one process runs at once, how many wait, and how many one client may have in either.
 */
export class PasswordWork {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perClient = new Map<string, number>();
  /** A moving average of one hash, for Retry-After. */
  private averageMs = 50;

  constructor(private readonly limits: PasswordWorkLimits) {}

  /** Runs `work` (one argon2 hash or verify) for `client`, or refuses at once with PasswordWorkBusy. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    const mustWait = this.running >= this.limits.atOnce;
    if (mine >= this.limits.perClient || (mustWait && this.waiting.length >= this.limits.queued))
      throw new PasswordWorkBusy(this.retryAfterSeconds());
    this.perClient.set(client, mine + 1);
    try {
      if (mustWait) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      const started = performance.now();
      try {
        return await work();
      } finally {
        this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
        // the slot passes straight to the next in line
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    }
  }

  /** Hashes running and waiting now (tests and /metrics). */
  load(): { running: number; waiting: number; clients: number } {
    return { running: this.running, waiting: this.waiting.length, clients: this.perClient.size };
  }

  /** About when the queue ahead of a newcomer has drained. */
  private retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    return Math.max(1, Math.ceil((ahead / this.limits.atOnce) * (this.averageMs / 1000)));
  }
}
