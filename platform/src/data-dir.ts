import fs from 'node:fs';
import path from 'node:path';

/** The files of the embedded stores in DATA_DIR. */
export const embeddedFiles = (dataDir: string) => ({
  events: path.join(dataDir, 'events.sqlite'),
  readModels: path.join(dataDir, 'read-models.sqlite'),
  rateWindows: path.join(dataDir, 'rate-limits.sqlite'),
  snapshots: path.join(dataDir, 'snapshots.sqlite'),
  /**
   * The persons' keys and pseudonyms (personal data in the log is readable only through them),
   * and the keys of the visitors' days (an address's digest is linkable to it only through them).
   */
  personalKeys: path.join(dataDir, 'personal-keys.sqlite'),
});

/**
 * DATA_DIR holds the log (argon2 hashes, key digests) and the token secret: only the user
 * the product runs as may enter it. A directory left readable by an older version is
 * tightened at start; one owned by someone else keeps the modes its owner chose.
 */
export function ensureDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrict(dataDir, 0o700);
  return dataDir;
}

/**
 * Creates an SQLite file 0600 before SQLite opens it: SQLite gives the -wal and -shm files
 * it creates beside a database the database file's own mode, so they are private too.
 */
export function privateDatabase(file: string): string {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) restrict(`${file}${suffix}`, 0o600);
  return file;
}

export function restrict(file: string, mode: number): void {
  try {
    if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
