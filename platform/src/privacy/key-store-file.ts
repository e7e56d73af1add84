import Database from 'better-sqlite3';

/**
 * The embedded key store's file (`personal-keys.sqlite`), opened the one way its tables need:
 * `secure_delete` zeroes a destroyed key's bytes in the file, and every write is synced, since
 * what a key encrypts or digests is already in the log once the key is made: it must outlive a
 * crash. Its users checkpoint and truncate the write-ahead log after a destruction, so no copy
 * of a key stays in an old frame either.
 */
export function openKeyStoreFile(filename: string): Database.Database {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
  db.pragma('synchronous = FULL');
  return db;
}
