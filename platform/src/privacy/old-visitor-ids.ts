import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/** A visitor as an old log names them: the digest of the deployment's secret, and the UTC day (`YYYY-MM-DD`) of the visit or key. */
export interface OldVisitor {
  digest: string;
  day: string;
}

/**
 * The ids the rewrite gives the visitors an old log named by the deployment's secret: for each
 * old digest and UTC day, a fresh random id in the shape of a day's digest, which nothing links
 * to the address or to the same address's other days. The counts stay (a visitor a day, as
 * today's product counts them), the link is gone at once rather than after the retention.
 *
 * Held in a table of a private scratch file (the log's visitors are many; memory holds none of
 * them), with the next revision of each new stream (`visitor-<id>`: one address's stream of all
 * days is split by day). `discard` deletes the file and its folder: the table is the only thing
 * that joins an old digest to its new ids.
 */
export class OldVisitorIds {
  private readonly db: Database.Database;
  private readonly statements;

  private constructor(private readonly folder: string) {
    this.db = new Database(path.join(folder, 'visitors.sqlite'));
    // scratch: a rewrite that stops is run again from its start, into a new log
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(
      'CREATE TABLE visitor_days (digest TEXT NOT NULL, day TEXT NOT NULL, id TEXT NOT NULL, next_revision INTEGER NOT NULL, PRIMARY KEY (digest, day)) WITHOUT ROWID',
    );
    this.statements = {
      find: this.db.prepare<[string, string], { id: string; next_revision: number }>(
        'SELECT id, next_revision FROM visitor_days WHERE digest = ? AND day = ?',
      ),
      insert: this.db.prepare<[string, string, string, number]>(
        'INSERT INTO visitor_days (digest, day, id, next_revision) VALUES (?, ?, ?, ?)',
      ),
      advance: this.db.prepare<[string, string]>(
        'UPDATE visitor_days SET next_revision = next_revision + 1 WHERE digest = ? AND day = ?',
      ),
    };
  }

  /** Opens the table in a new private folder made inside `parent` (the system's temporary folder unless said). */
  static open(parent: string = os.tmpdir()): OldVisitorIds {
    const folder = fs.mkdtempSync(path.join(parent, '.rewrite-visitors-'));
    fs.chmodSync(folder, 0o700);
    try {
      return new OldVisitorIds(folder);
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }

  /** The folder the table lives in, until `discard`. */
  get location(): string {
    return this.folder;
  }

  /** The visitor's id of that day (made at its first sight). */
  idOf({ digest, day }: OldVisitor): string {
    return this.row(digest, day).id;
  }

  /** A visit of that day: its visitor's id and its revision in the stream `visitor-<id>`, the next one taken. */
  visit({ digest, day }: OldVisitor): { id: string; revision: number } {
    const { id, next_revision: revision } = this.row(digest, day);
    this.statements.advance.run(digest, day);
    return { id, revision };
  }

  private row(digest: string, day: string): { id: string; next_revision: number } {
    const found = this.statements.find.get(digest, day);
    if (found) return found;
    // 32 random bytes in hex: a day's digest looks the same, and nothing derives this one
    const made = { id: randomBytes(32).toString('hex'), next_revision: 0 };
    this.statements.insert.run(digest, day, made.id, made.next_revision);
    return made;
  }

  /** Closes and deletes the table with its folder. */
  discard(): void {
    if (this.db.open) this.db.close();
    fs.rmSync(this.folder, { recursive: true, force: true });
  }
}
