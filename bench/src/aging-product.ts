// The product as the aging bench drives it: `npm start` (src/main.ts) on a DATA_DIR and a port
// chosen beforehand, so that /api/ready can be asked from the moment the process is spawned;
// its resident memory read from /proc; and timed HTTP calls the way a browser or a bot makes them.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BOT_TOKEN } from './bench-servers.ts';
import { freePort } from './soak-product.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { username: 'admin', password: 'aging-admin-password-1' } as const;
const UNLIMITED = '100000000';
const MB = 1024 * 1024;

/** What every product the bench starts shares: the admin, the bots' token, no rate limit in the way. */
/** The scraper's token: the details of /api/health (the log's head, the lags) are given only with it. */
export const METRICS_TOKEN = 'aging-bench-metrics-token';

/** The node arguments of `npm start` (package.json's start script), so the bench runs what a user runs. */
export function npmStartArguments(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...rest] = scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: the bench cannot follow it`);
  return rest;
}

export const productEnv: Record<string, string> = {
  HOST: '127.0.0.1',
  METRICS_TOKEN,
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  BOT_API_TOKEN: BOT_TOKEN,
  // one client (this bench) makes every call: the per-client limits have tests of their own
  RATE_LIMIT_KEYS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_HASHES_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_LOGINS_PER_MINUTE: UNLIMITED,
  // without a Discord token neither bot starts inside `npm start`
  DISCORD_TOKEN: '',
  POSTER_DISCORD_TOKEN: '',
  // the embedded stores, whatever the shell that runs the bench has set
  EVENTSTORE_URL: '',
  MONGODB_URL: '',
};

/** A process's memory line from /proc/<pid>/status (VmRSS, VmHWM) in bytes, or null once it is gone. */
export function procMemory(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export const toMb = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / MB) * 10) / 10);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer<T = Record<string, unknown>> {
  /** 0 when no answer came (refused, reset, timed out). */
  status: number;
  body: T;
  ms: number;
  error?: string;
}

/** One JSON request, timed from the call to the last byte of the answer. Never throws. */
export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { text: text.slice(0, 200) };
    }
    return { status: response.status, body: body as T, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: {} as T, ms: performance.now() - started, error: cause ?? (error as Error).name };
  }
}

/** Signs in as the bench's admin; the session token. */
export async function signInAsAdmin(url: string): Promise<{ token: string; ms: number }> {
  const answer = await call<{ token: string }>(url, 'POST', '/api/auth/login', { body: ADMIN });
  if (answer.status !== 200)
    throw new Error(`the admin could not sign in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token, ms: answer.ms };
}

/** The log's head as the product reports it (GET /api/health). */
export async function headPosition(url: string): Promise<number> {
  const answer = await call<{ eventStore: { headPosition: number | null } }>(url, 'GET', '/api/health', {
    token: METRICS_TOKEN,
  });
  if (answer.status !== 200) throw new Error(`GET /api/health answered ${answer.status}`);
  return answer.body.eventStore.headPosition ?? 0;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Keep the lines the product prints that match, with the second since the spawn they came at. */
  watch?: RegExp;
  /** Give up waiting for readiness after this long. */
  timeoutMs?: number;
}

/** `npm start` on a data directory, spawned and sampled; resolves once GET /api/ready answers 200. */
export class RunningProduct {
  readonly child: ChildProcess;
  readonly spawnedAt = performance.now();
  /** Seconds from the spawn to the first 200 of GET /api/ready. */
  readySeconds = Number.NaN;
  readonly watched: { second: number; line: string }[] = [];
  private output = '';
  private readonly exited: Promise<void>;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    options: StartOptions,
  ) {
    this.child = spawn(process.execPath, npmStartArguments(), {
      cwd: ROOT,
      env: { ...process.env, ...productEnv, PORT: String(port), DATA_DIR: dataDir, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-20_000);
      if (!options.watch) return;
      const second = (performance.now() - this.spawnedAt) / 1000;
      for (const line of text.split('\n')) if (options.watch.test(line)) this.watched.push({ second, line });
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(dataDir: string, options: StartOptions = {}, port?: number): Promise<RunningProduct> {
    const product = new RunningProduct(dataDir, port ?? (await freePort()), options);
    await product.untilReady(options.timeoutMs ?? 30 * 60_000);
    return product;
  }

  /** Spawns without waiting: for a bench that measures what happens while it starts. */
  static async spawn(dataDir: string, options: StartOptions = {}, port?: number): Promise<RunningProduct> {
    return new RunningProduct(dataDir, port ?? (await freePort()), options);
  }

  async untilReady(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        throw new Error(`the product exited while starting:\n${this.output.slice(-4000)}`);
      const ready = await call(this.url, 'GET', '/api/ready', { timeoutMs: 5_000 });
      if (ready.status === 200) break;
      if (performance.now() > deadline)
        throw new Error(`the product was not ready in time:\n${this.output.slice(-4000)}`);
      await sleep(20);
    }
    this.readySeconds = (performance.now() - this.spawnedAt) / 1000;
  }

  /** Seconds from the spawn until the process answers anything (it listens), ready or not. */
  async untilListening(timeoutMs = 30 * 60_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while ((await call(this.url, 'GET', '/api/ready', { timeoutMs: 5_000 })).status === 0) {
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        throw new Error(`the product exited while starting:\n${this.output.slice(-4000)}`);
      if (performance.now() > deadline)
        throw new Error(`the product did not listen in time:\n${this.output.slice(-4000)}`);
      await sleep(20);
    }
    return (performance.now() - this.spawnedAt) / 1000;
  }

  /** The largest resident set this process has had so far (VmHWM), in bytes. */
  peakRss(): number | null {
    return procMemory(this.child.pid, 'VmHWM');
  }

  rss(): number | null {
    return procMemory(this.child.pid, 'VmRSS');
  }

  lastOutput(): string {
    return this.output.slice(-4000);
  }

  /** SIGTERM, the graceful shutdown; SIGKILL if it has not ended after a minute. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 60_000);
    await this.exited;
    clearTimeout(killer);
  }
}
