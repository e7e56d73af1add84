import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ADMIN = { username: 'admin', password: 'admin-password-1' } as const;
/** The bots' service token the spawned product accepts. */
export const BOT_TOKEN = 'test-bot-service-token';
/** The metrics scraper's token the spawned product accepts: /metrics and the details of /api/health. */
export const METRICS_TOKEN = 'test-metrics-scraper-token';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnedProduct {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
}

/**
 * The real all-in-one product (`src/main.ts`) as a child process on an ephemeral port with
 * its own DATA_DIR, exactly as `npm start` runs it, minus the frontend build.
 */
export async function startAllInOne(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<SpawnedProduct> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vip-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // journeys sign in and generate keys far faster than a person; the limits have their own tests
      RATE_LIMIT_LOGINS_PER_MINUTE: '100000',
      RATE_LIMIT_KEYS_PER_MINUTE: '100000',
      RATE_LIMIT_HASHES_PER_MINUTE: '100000',
      BOT_API_TOKEN: BOT_TOKEN,
      METRICS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not start within 30 s:\n${output}`)), 30_000);
    const onData = () => {
      const match = /open (http:\/\/127\.0\.0\.1:\d+)\/login/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the product exited with ${code} before it started:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Retries: a process that was just stopped (a bot shard's child) may still close its SQLite files there. */
export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
