// Old logs for the aging bench, written once and reused: a log of N mixed events
// (writeMixedLog) is cached by size and seed, and beside it the same log "prepared" — `npm start`
// has run once on it (the first start replays it into the read models), the bench's server has
// been reported and its admin created — so a measurement starts from a product that has lived
// with that log. Every run works on a copy; the cache is never altered.
//
// The cache keys follow what the files depend on: the raw log the mixed log's writer and the
// event contracts; the prepared log also the product's code (another projector, another read
// store: another preparation). Stale entries are left where they are: `rm -rf` the cache
// directory to reclaim the space.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { writeMixedLog } from '../../test/support/mixed-log.ts';
import { call, headPosition, ROOT, RunningProduct } from './aging-product.ts';
import { BOT_TOKEN } from './bench-servers.ts';

/** The server every measurement on a prepared log generates keys for (not one of the mixed log's). */
export const AGING_GUILD = '100000000000000101';
/** What the key bot reports of it: a server with 60 channels, as in the measurement. */
export const agingGuildReport = (memberCount: number) => ({
  name: 'Aging Server',
  icon: null,
  memberCount,
  channels: Array.from({ length: 60 }, (_, i) => ({
    id: String(100000000000001000n + BigInt(i)),
    name: `channel-${i}`,
  })),
  missingPermissions: [],
});

export interface LogMeta {
  events: number;
  appends: number;
  writeSeconds: number;
  writtenAt: string;
}
export interface PreparedMeta extends LogMeta {
  /** Seconds from the spawn of the first `npm start` on the log to its first /api/ready 200: the whole replay. */
  firstStartSeconds: number;
  /** The log's head once prepared (the events written, the admin and the report appended by the product). */
  headPosition: number;
  preparedAt: string;
  /** Bytes on disk once prepared, per store (a file with its -wal). */
  bytes: Record<string, number>;
}

export interface PreparedLog {
  dir: string;
  meta: PreparedMeta;
}

const WRITER_FILES = ['test/support/mixed-log*', 'contracts/src/events'];
const PRODUCT_FILES = [
  'contracts/src',
  'platform/src',
  'projections/src',
  'command-service/src',
  'query-service/src',
  'bots/src',
  'src',
];

/** A digest of the tracked and untracked files under these paths, as they are in the worktree now. */
function digestOfFiles(paths: readonly string[]): string {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...paths], { cwd: ROOT })
    .toString()
    .split('\n')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256');
  for (const file of listed) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Bytes of each SQLite store in a data directory (the file and its WAL), by file name. */
export function storeBytes(dir: string): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const name of fs.readdirSync(dir)) {
    const base = name.replace(/-(wal|shm)$/, '');
    if (!base.endsWith('.sqlite') || name.endsWith('-shm')) continue;
    bytes[base] = (bytes[base] ?? 0) + fs.statSync(path.join(dir, name)).size;
  }
  return bytes;
}

function copyDir(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name === 'meta.json') continue;
    const source = path.join(from, name);
    if (fs.statSync(source).isDirectory()) copyDir(source, path.join(to, name));
    else fs.copyFileSync(source, path.join(to, name));
  }
}

export class LogCache {
  private readonly runs: string;
  private readonly failures = new Map<number, Error>();

  constructor(
    readonly root: string,
    readonly seed: number,
    private readonly say: (line: string) => void,
    private readonly refresh = false,
  ) {
    this.runs = path.join(os.tmpdir(), 'vip-aging-runs');
    fs.mkdirSync(root, { recursive: true });
    fs.mkdirSync(this.runs, { recursive: true });
  }

  /** The raw log of `events` events: events.sqlite alone, written here the first time. */
  async raw(events: number): Promise<{ dir: string; meta: LogMeta }> {
    const dir = path.join(this.root, `log-${events}-seed${this.seed}-${digestOfFiles(WRITER_FILES)}`);
    const metaFile = path.join(dir, 'meta.json');
    if (fs.existsSync(metaFile)) return { dir, meta: JSON.parse(fs.readFileSync(metaFile, 'utf8')) as LogMeta };
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    this.say(`writing a log of ${events.toLocaleString('en')} mixed events (seed ${this.seed}) into ${dir}`);
    const store = new SqliteEventStore(path.join(partial, 'events.sqlite'));
    const started = performance.now();
    let written: { events: number; appends: number };
    try {
      written = await writeMixedLog(store, { events, seed: this.seed });
    } finally {
      await store.close();
    }
    const meta: LogMeta = {
      ...written,
      writeSeconds: (performance.now() - started) / 1000,
      writtenAt: new Date().toISOString(),
    };
    this.say(`  ${meta.events.toLocaleString('en')} events in ${meta.writeSeconds.toFixed(1)} s`);
    fs.writeFileSync(path.join(partial, 'meta.json'), JSON.stringify(meta, null, 2));
    fs.renameSync(partial, dir);
    return { dir, meta };
  }

  /**
   * The log after a first `npm start` of this code on it: read models caught up, the bench's
   * admin registered and AGING_GUILD reported by the key bot's route. Prepared once per code.
   */
  async prepared(events: number): Promise<PreparedLog> {
    // a log whose first start failed in this run (out of memory) fails the same way at once
    const failed = this.failures.get(events);
    if (failed) throw failed;
    try {
      return await this.prepare(events);
    } catch (error) {
      this.failures.set(events, error as Error);
      throw error;
    }
  }

  private async prepare(events: number): Promise<PreparedLog> {
    const raw = await this.raw(events);
    const dir = `${raw.dir}-prepared-${digestOfFiles(PRODUCT_FILES)}`;
    const metaFile = path.join(dir, 'meta.json');
    if (this.refresh) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(metaFile)) return { dir, meta: JSON.parse(fs.readFileSync(metaFile, 'utf8')) as PreparedMeta };
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    copyDir(raw.dir, partial);
    this.say(`preparing the log of ${events.toLocaleString('en')} events: the first npm start replays it`);
    const product = await RunningProduct.start(partial);
    let head: number;
    try {
      const report = await call(product.url, 'POST', `/api/bot/guilds/${AGING_GUILD}`, {
        body: agingGuildReport(1000),
        token: BOT_TOKEN,
      });
      if (report.status !== 200) throw new Error(`reporting the bench's server failed: ${report.status}`);
      head = await headPosition(product.url);
    } finally {
      await product.stop();
    }
    const meta: PreparedMeta = {
      ...raw.meta,
      firstStartSeconds: product.readySeconds,
      headPosition: head,
      preparedAt: new Date().toISOString(),
      bytes: storeBytes(partial),
    };
    this.say(`  first start (the replay) ${meta.firstStartSeconds.toFixed(1)} s`);
    fs.writeFileSync(path.join(partial, 'meta.json'), JSON.stringify(meta, null, 2));
    fs.renameSync(partial, dir);
    return { dir, meta };
  }

  /** A fresh copy of a cached directory for one measurement to alter; `done` removes it. */
  copy(from: string, label: string): { dir: string; done: () => void } {
    const dir = fs.mkdtempSync(path.join(this.runs, `${label}-`));
    copyDir(from, dir);
    return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
  }

  /** An empty data directory (a product on its first day). */
  empty(label: string): { dir: string; done: () => void } {
    const dir = fs.mkdtempSync(path.join(this.runs, `${label}-`));
    return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
  }
}
