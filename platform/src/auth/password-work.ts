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

/** A sign-in waiting for its turn: started when a hash slot passes to it, or refused to make room. */
interface Waiting {
  start: () => void;
  refuse: (busy: PasswordWorkBusy) => void;
}

/**
 * A small queue in front of argon2 (issue #13: rotating usernames gave one client unlimited
 * hashing, and 60 parallel sign-ins starved every other request). Each unknown username still
 * costs a full hash, so nobody learns which users exist; what is bounded is how many hashes
 * one process runs at once, how many wait, and how many one client may have in either.
 *
 * Waiting is fair per client (issue #19 item 3: eight flooding addresses filled one shared
 * line, and a ninth client's right password got 429): each client waits in a line of its
 * own, and a free slot goes to the clients in turn, one hash each. A newcomer to a full
 * queue takes the last place of the client with the most places waiting (that sign-in gets
 * 429), so a client that is not flooding waits behind at most one hash per other client.
 */
export class PasswordWork {
  private running = 0;
  private waitingCount = 0;
  /** Each waiting client's sign-ins, oldest first; the Map's order is the round of turns. */
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly perClient = new Map<string, number>();
  /** A moving average of one hash, for Retry-After. */
  private averageMs = 50;

  constructor(private readonly limits: PasswordWorkLimits) {}

  /**
   * Runs `work` (one argon2 hash or verify) for `client`, or refuses with PasswordWorkBusy.
   * `delayMs`: a pause before the work asks for its turn, spent holding one of the client's
   * places (so one address cannot hold more pauses than it may hold hashes) and none of the
   * hash slots or the queue.
   */
  async run<T>(client: string, work: () => Promise<T>, delayMs = 0): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) throw new PasswordWorkBusy(this.retryAfterSeconds());
    this.perClient.set(client, mine + 1);
    try {
      if (delayMs > 0) await new Promise((resume) => setTimeout(resume, delayMs));
      const mustWait = this.running >= this.limits.atOnce;
      if (mustWait && this.waitingCount >= this.limits.queued && !this.makeRoomFor(client))
        throw new PasswordWorkBusy(this.retryAfterSeconds());
      if (mustWait) await new Promise<void>((start, refuse) => this.wait(client, { start, refuse }));
      else this.running += 1;
      const started = performance.now();
      try {
        return await work();
      } finally {
        this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
        // the slot passes straight to the next client in turn
        const next = this.nextInTurn();
        if (next) next.start();
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
    return { running: this.running, waiting: this.waitingCount, clients: this.perClient.size };
  }

  private wait(client: string, waiting: Waiting): void {
    const line = this.waiting.get(client);
    if (line) line.push(waiting);
    else this.waiting.set(client, [waiting]);
    this.waitingCount += 1;
  }

  /** The first client in the round gives up its oldest sign-in and goes to the back of the round. */
  private nextInTurn(): Waiting | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [client, line] = first.value;
    const next = line.shift()!;
    this.waiting.delete(client);
    if (line.length > 0) this.waiting.set(client, line);
    this.waitingCount -= 1;
    return next;
  }

  /** Refuses the newest sign-in of the client with the most waiting, if it has more than `client` would. */
  private makeRoomFor(client: string): boolean {
    const mine = this.waiting.get(client)?.length ?? 0;
    let longest: [string, Waiting[]] | undefined;
    for (const entry of this.waiting) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (!longest || longest[0] === client || longest[1].length <= mine + 1) return false;
    const [, line] = longest;
    line.pop()!.refuse(new PasswordWorkBusy(this.retryAfterSeconds()));
    this.waitingCount -= 1;
    return true;
  }

  /** About when the queue ahead of a newcomer has drained. */
  private retryAfterSeconds(): number {
    const ahead = this.running + this.waitingCount;
    return Math.max(1, Math.ceil((ahead / this.limits.atOnce) * (this.averageMs / 1000)));
  }
}
