import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { Keyring } from '../src/auth/keyring.ts';
import { createLogger } from '../src/logger.ts';
import { type CheckedSnapshot, SignedSnapshotStore } from '../src/snapshot-store/signed-snapshot-store.ts';
import { SqliteSnapshotStore } from '../src/snapshot-store/sqlite-snapshot-store.ts';

const SECRET = 'the-deployment-secret-of-this-test';
const KEY = 'stream:guild-300000000000000001';
const guild = { eventId: 'e41', state: { botPresent: true, name: 'Demo', channels: [{ id: '1', name: 'general' }] } };

/**
 * Snapshots signed with the keyring's snapshot key (issue #26 item 7): one edited in its
 * store, moved to another key, unsigned or signed with another secret is never handed to a
 * fold; it is logged at warn and removed. The auditor's walk reports each without removing.
 */
describe('signed snapshots', () => {
  let dir: string;
  let file: string;
  let raw: SqliteSnapshotStore;
  let signed: SignedSnapshotStore;
  let warnings: Array<{ msg: string; snapshot?: string; signature?: string }>;

  const edit = (sql: string) => {
    const db = new Database(file);
    expect(db.prepare(sql).run().changes, sql).to.equal(1);
    db.close();
  };
  const checked = async (store: SignedSnapshotStore) => {
    const found: CheckedSnapshot[] = [];
    for await (const snapshot of store.check()) found.push(snapshot);
    return found;
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-signed-snapshots-'));
    file = path.join(dir, 'snapshots.sqlite');
    raw = new SqliteSnapshotStore(file);
    warnings = [];
    const output = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const record = JSON.parse(line);
          if (record.level === 40) warnings.push(record);
        }
        done();
      },
    });
    signed = new SignedSnapshotStore(raw, new Keyring(SECRET), createLogger('snapshots-test', 'info', output));
    await signed.save(KEY, { covers: 41, version: 1, state: guild });
  });
  afterEach(async () => {
    await signed.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands back an untouched snapshot, stored with its signature', async () => {
    expect(await signed.load(KEY)).to.deep.equal({ covers: 41, version: 1, state: guild });
    expect((await raw.load(KEY))?.signature).to.match(/^[0-9a-f]{64}$/);
    expect(await checked(signed)).to.deep.equal([{ key: KEY, covers: 41, version: 1, seal: 'matches' }]);
    expect(warnings).to.deep.equal([]);
  });

  const tamperings: Record<string, string> = {
    'its state is edited (the bot no longer in the server)': `UPDATE snapshots SET state = json_set(state, '$.state.botPresent', json('false'))`,
    'what it covers is edited': 'UPDATE snapshots SET covers = 1000000',
    'its version is edited': 'UPDATE snapshots SET version = 2',
    'it is moved to another key': `UPDATE snapshots SET key = 'stream:guild-300000000000000002'`,
  };
  for (const [what, sql] of Object.entries(tamperings)) {
    it(`ignores and removes a snapshot when ${what}, and logs it at warn; the audit walk reports it first`, async () => {
      edit(sql);
      const [stored] = await checked(signed);
      expect(stored.seal).to.equal('differs');
      const key = stored.key;
      expect(await signed.load(key)).to.equal(null);
      expect(warnings.map((warning) => [warning.snapshot, warning.signature])).to.deep.equal([[key, 'differs']]);
      expect(warnings[0].msg).to.match(/signature does not match/);
      expect(await raw.load(key), 'removed: the next save replaces it whatever it claimed to cover').to.equal(null);
    });
  }

  it('ignores one signed with another secret, and one without a signature', async () => {
    const elsewhere = new SignedSnapshotStore(raw, new Keyring('another-secret'), createLogger('x', 'silent'));
    expect((await checked(elsewhere))[0].seal).to.equal('differs');
    expect(await elsewhere.load(KEY)).to.equal(null);

    await raw.save(KEY, { covers: 50, version: 1, state: guild });
    expect((await checked(signed))[0].seal).to.equal('missing');
    expect(await signed.load(KEY)).to.equal(null);
    expect(warnings.map((warning) => warning.signature)).to.deep.equal(['missing']);
  });

  it('reads a snapshot file written before snapshots were signed: its snapshots are unsigned, new ones signed', async () => {
    const old = path.join(dir, 'old-snapshots.sqlite');
    const db = new Database(old);
    db.exec(`CREATE TABLE snapshots (
      key TEXT PRIMARY KEY, covers INTEGER NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL
    ) WITHOUT ROWID`);
    db.prepare('INSERT INTO snapshots VALUES (?, ?, ?, ?)').run(KEY, 41, 1, JSON.stringify(guild));
    db.close();
    const upgraded = new SignedSnapshotStore(
      new SqliteSnapshotStore(old),
      new Keyring(SECRET),
      createLogger('x', 'silent'),
    );
    try {
      expect(await checked(upgraded)).to.deep.equal([{ key: KEY, covers: 41, version: 1, seal: 'missing' }]);
      expect(await upgraded.load(KEY)).to.equal(null);
      await upgraded.save(KEY, { covers: 42, version: 1, state: guild });
      expect(await upgraded.load(KEY)).to.deep.equal({ covers: 42, version: 1, state: guild });
    } finally {
      await upgraded.close();
    }
  });
});
