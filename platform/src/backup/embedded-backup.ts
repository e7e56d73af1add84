import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { embeddedFiles } from '../data-dir.ts';

/** Where one store's copy stands, for a progress line. */
export interface BackupProgress {
  file: string;
  /** 1-based place of this file among those copied. */
  index: number;
  count: number;
  copiedPages: number;
  totalPages: number;
}

export interface BackedUpFile {
  file: string;
  bytes: number;
}

/** A backup that cannot be taken as asked: said to the operator as it is, never a stack trace. */
export class BackupRefused extends Error {}

const SQLITE_SIDE_FILES = /-(wal|shm|journal)$/;

/**
 * The order the files of DATA_DIR are copied in, each SQLite store at one instant of its own:
 *  1. the secret files (written once, never changed): without them the copy is worthless, since
 *     the license keys, the sessions and the visitor and Discord digests derive from them;
 *  2. the stores the log feeds (read models, snapshots) and the rate windows: copied before
 *     the log, so that they are never ahead of it and catch up from their checkpoints;
 *  3. the log: its copy is taken after the backup began, so every write acknowledged
 *     before that is in it;
 *  4. every other store (the persons' keys the log's events point to): after the log, so a
 *     key made for an event in the copied log is in the copy too.
 * Any *.sqlite in DATA_DIR is copied, so a store added later is not forgotten. Folders (the
 * scratch stores of replays and "state as of" builds) are not part of the product's data.
 */
export function backupPlan(dataDir: string): { secrets: string[]; stores: string[] } {
  const known = embeddedFiles(dataDir);
  const names = fs
    .readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !SQLITE_SIDE_FILES.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const log = path.basename(known.events);
  if (!names.includes(log)) throw new BackupRefused(`${dataDir} holds no log (${log}): is DATA_DIR right?`);
  const fedByLog = [known.readModels, known.snapshots, known.rateWindows].map((file) => path.basename(file));
  const stores = names.filter((name) => name.endsWith('.sqlite'));
  return {
    secrets: names.filter((name) => !name.endsWith('.sqlite')),
    stores: [
      ...fedByLog.filter((name) => stores.includes(name)),
      log,
      ...stores.filter((name) => name !== log && !fedByLog.includes(name)),
    ],
  };
}

/**
 * Copies DATA_DIR's stores and secrets into `out` while the product runs and takes writes.
 * Each store is copied with SQLite's online backup inside one read transaction held on the
 * source, so the copy is that store at one instant and a write that lands meanwhile neither
 * restarts nor tears it. `out` is made 0700 and its files 0600, like DATA_DIR itself.
 */
export async function backUpDataDir(
  dataDir: string,
  out: string,
  onProgress: (progress: BackupProgress) => void = () => {},
): Promise<BackedUpFile[]> {
  if (!fs.existsSync(dataDir)) throw new BackupRefused(`DATA_DIR ${dataDir} does not exist`);
  prepareOut(out);
  const plan = backupPlan(dataDir);
  const count = plan.secrets.length + plan.stores.length;
  const copied: BackedUpFile[] = [];
  let index = 0;
  for (const name of plan.secrets) {
    index += 1;
    const target = path.join(out, name);
    fs.copyFileSync(path.join(dataDir, name), target, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(target, 0o600);
    syncFile(target);
    copied.push({ file: name, bytes: fs.statSync(target).size });
    onProgress({ file: name, index, count, copiedPages: 1, totalPages: 1 });
  }
  for (const name of plan.stores) {
    index += 1;
    const at = index;
    await copyStoreAtOneInstant(path.join(dataDir, name), path.join(out, name), (copiedPages, totalPages) =>
      onProgress({ file: name, index: at, count, copiedPages, totalPages }),
    );
    copied.push({ file: name, bytes: fs.statSync(path.join(out, name)).size });
  }
  syncFile(out);
  return copied;
}

function prepareOut(out: string): void {
  if (fs.existsSync(out)) {
    if (!fs.statSync(out).isDirectory()) throw new BackupRefused(`${out} is a file, not a folder`);
    if (fs.readdirSync(out).length > 0)
      throw new BackupRefused(`${out} is not empty: a backup goes into a new or empty folder`);
  }
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });
  fs.chmodSync(out, 0o700);
}

/** One SQLite store copied at one instant of its own, into a new private file (the rewrite of an old log copies the key store so). */
export async function copyStoreAtOneInstant(
  source: string,
  target: string,
  onPages: (copied: number, total: number) => void,
): Promise<void> {
  // the copy is private from its first byte: SQLite keeps the mode of a file it finds
  fs.closeSync(fs.openSync(target, 'wx', 0o600));
  const db = new Database(source, { fileMustExist: true });
  try {
    // the product writes on: wait for its short write transactions instead of failing
    db.pragma('busy_timeout = 10000');
    db.exec('BEGIN');
    // the first read fixes the instant the whole copy is taken at
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    let last = 0;
    const done = await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        last = totalPages;
        onPages(totalPages - remainingPages, totalPages);
        // ~4 MB a step: the event loop keeps turning, so the progress line moves
        return 1000;
      },
    });
    onPages(done.totalPages || last, done.totalPages || last);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  fs.chmodSync(target, 0o600);
  syncFile(target);
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
