// The product the soak test runs, SIGKILLs and restarts: `npm start` (src/main.ts) on one
// DATA_DIR and one port, its resident memory sampled from /proc while it runs.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BOT_TOKEN, PRODUCT_READY } from './bench-servers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'soak-admin-password-1';

/** A free loopback port, kept for every restart so the clients' address never changes. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Resident memory of a process in bytes (Linux), or null once it is gone. */
function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export class SoakProduct {
  private child: ChildProcess | undefined;
  private sampler: NodeJS.Timeout | undefined;
  /** The largest resident set seen, over every process this ran. */
  maxRssBytes = 0;
  /** The largest resident set of each process, from its start to its end. */
  readonly maxRssByProcess: number[] = [];
  readonly restartSeconds: number[] = [];
  readonly url: string;

  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD,
        BOT_API_TOKEN: BOT_TOKEN,
        // the mix is many clients behind one address: the per-client limits have their own tests
        RATE_LIMIT_KEYS_PER_MINUTE: '100000000',
        RATE_LIMIT_HASHES_PER_MINUTE: '100000000',
        RATE_LIMIT_LOGINS_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        if (PRODUCT_READY.test(output)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the product exited with ${code} while starting:\n${output}`)));
    });
    // after the start, only a crash is worth printing
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0)
        process.stderr.write(`the product exited with ${code}:\n${output.slice(-4000)}\n`);
    });
    this.restartSeconds.push((performance.now() - started) / 1000);
    const which = this.maxRssByProcess.push(0) - 1;
    this.sampler = setInterval(() => {
      const rss = child.pid === undefined ? null : residentBytes(child.pid);
      if (rss === null) return;
      this.maxRssBytes = Math.max(this.maxRssBytes, rss);
      this.maxRssByProcess[which] = Math.max(this.maxRssByProcess[which], rss);
    }, 250);
  }

  /** SIGKILL: no shutdown code runs, whatever was in flight is cut off. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    clearInterval(this.sampler);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
