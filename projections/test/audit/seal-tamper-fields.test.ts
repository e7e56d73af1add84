import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSeals, type StoredSeal } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { LogSealer } from '../../src/seals/sealer.ts';
import { verifyLog } from '../../src/seals/verify-log.ts';
import { announcement, metadata, silent } from '../support/sealed-events.ts';

/** The event whose record is edited, one field at a time. */
const EDITED = 25;

/**
 * Each field of one event's record edited in the log file, the rest left alone: what someone
 * with the file in hand could change. The position has no edit of its own here: the embedded
 * log's positions have no gaps, so moving one event is a deletion or a reordering (their own
 * tests), and the unit test of the digest holds the position's part.
 */
const edits: Record<string, string> = {
  type: `UPDATE events SET type = 'AnnouncementDeleted' WHERE position = ${EDITED}`,
  id: `UPDATE events SET id = '00000000-0000-4000-8000-000000000025' WHERE position = ${EDITED}`,
  stream: `UPDATE events SET stream_id = 'announcement-forged' WHERE position = ${EDITED}`,
  revision: `UPDATE events SET revision = 1 WHERE position = ${EDITED}`,
  time: `UPDATE events SET created_at = created_at - 86400000 WHERE position = ${EDITED}`,
  data: `UPDATE events SET data = json_set(data, '$.title', 'forged') WHERE position = ${EDITED}`,
  metadata: `UPDATE events SET metadata = json_set(metadata, '$.actor.id', 'someone-else') WHERE position = ${EDITED}`,
};

/**
 * The seal chain against an edit of each field of a record (issue #26 item 10a): whichever
 * field changes, the seal whose span holds the event no longer matches, and only that one.
 */
describe('the seal chain finds an edit of any field of a sealed event', function () {
  this.timeout(60_000);
  let original: string;
  let seals: StoredSeal[];
  const dirs: string[] = [];

  before(async () => {
    original = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-seal-fields-'));
    dirs.push(original);
    const events = new SqliteEventStore(path.join(original, 'events.sqlite'));
    for (let i = 0; i < 45; i++)
      await events.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
    const sealer = new LogSealer(events, { every: 10, minutes: 60, logger: silent });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.sealNow();
    await sealer.stop();
    seals = await readSeals(events);
    const untouched = await verifyLog(events);
    expect(untouched.findings.filter((finding) => finding.kind !== 'unsealed')).to.deep.equal([]);
    await events.close();
  });
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [field, sql] of Object.entries(edits)) {
    it(`the event's ${field}`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vip-seal-${field}-`));
      dirs.push(dir);
      const file = path.join(dir, 'events.sqlite');
      fs.copyFileSync(path.join(original, 'events.sqlite'), file);
      const db = new Database(file);
      expect(db.prepare(sql).run().changes, sql).to.equal(1);
      db.close();

      const events = new SqliteEventStore(file);
      try {
        const { findings } = await verifyLog(events);
        const sealIndex = seals.findIndex((stored) => stored.seal.upToPosition >= EDITED);
        const changed = findings.filter((finding) => finding.kind === 'changed');
        expect(changed, JSON.stringify(findings)).to.have.length(1);
        expect(changed[0]).to.include({
          from: seals[sealIndex - 1].seal.upToPosition + 1,
          to: seals[sealIndex].seal.upToPosition,
          sealPosition: seals[sealIndex].position,
        });
      } finally {
        await events.close();
      }
    });
  }
});
