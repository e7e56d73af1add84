import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { announcementReadModels, type DomainEvent } from '@vip/contracts';
import { LogDivergenceError, readCheckpoints } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { pino } from 'pino';
import { announcementsProjector } from '../src/read-models/announcements/announcements.projector.ts';
import { usersProjector } from '../src/read-models/auth/users.projector.ts';
import { ProjectionRunner } from '../src/runner.ts';

const metadata = { correlationId: 'c1', causationId: 'c1', actor: { kind: 'system' as const, id: 'test' } };
const post = (title: string): DomainEvent => ({
  type: 'AnnouncementPosted',
  data: {
    announcementId: title,
    title,
    content: title,
    priority: 'low',
    authorId: 'u1',
    postedAt: '2026-11-22T12:00:00.000Z',
  },
});
const projectors = [announcementsProjector, usersProjector];
const silent = pino({ level: 'silent' });

/**
 * A log that lost its last events (a power cut before they reached the disk, a restore from
 * a backup) while the read models kept them: at start the runner refuses to follow it, or
 * rebuilds those read models when told to. Without the check, the events appended next reuse
 * the lost positions and are skipped as already applied.
 */
describe('read models ahead of the event log at start', function () {
  this.timeout(20_000);
  let dir: string;
  let logFile: string;
  let store: SqliteReadStore;

  const append = async (titles: string[]) => {
    const events = new SqliteEventStore(logFile);
    try {
      for (const title of titles)
        await events.append(`announcement-${title}`, [{ ...post(title), metadata }], 'no_stream');
    } finally {
      await events.close();
    }
  };
  /** Runs a runner to the head of the log and stops it; resolves with what start() threw, if anything. */
  const runOnce = async (options: { onDivergence?: 'refuse' | 'rebuild' } = {}): Promise<unknown> => {
    const events = new SqliteEventStore(logFile);
    const runner = new ProjectionRunner(events, store, projectors, silent, options);
    try {
      await runner.start();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await runner.stop();
      await events.close();
    }
  };
  /** The log loses every event after `position`, as a lost tail or an older backup would. */
  const truncateLogAfter = (position: number) => {
    const db = new Database(logFile);
    db.prepare('DELETE FROM events WHERE position > ?').run(position);
    db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'").run(position);
    db.close();
  };
  const titles = async () =>
    (await store.collection(announcementReadModels.announcements).find({}, { sort: { _id: 1 } })).map(
      (doc) => doc.title,
    );

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-divergence-'));
    logFile = path.join(dir, 'events.sqlite');
    store = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
    await append(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await runOnce()).to.equal(undefined);
    expect(await titles()).to.deep.equal(['a1', 'a2', 'a3', 'a4', 'a5']);
    truncateLogAfter(3);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start, naming npm run rebuild, and leaves the read models as they were', async () => {
    const refusal = await runOnce();
    expect(refusal).to.be.instanceOf(LogDivergenceError);
    const message = (refusal as Error).message;
    expect(message).to.contain('npm run rebuild');
    expect(message).to.contain('REBUILD_ON_DIVERGENCE=true');
    expect(message).to.contain('applied events up to position 5, but the log ends at position 3');
    expect(message).to.contain('announcements');
    expect((refusal as LogDivergenceError).divergence.ahead.map((p) => p.name)).to.deep.equal([
      'announcements',
      'users',
    ]);
    expect((await readCheckpoints(store)).get('announcements')).to.equal(5);
    expect(await titles()).to.have.length(5);
  });

  it('with REBUILD_ON_DIVERGENCE rebuilds them from the log, and then applies the events written next', async () => {
    expect(await runOnce({ onDivergence: 'rebuild' })).to.equal(undefined);
    expect(await titles()).to.deep.equal(['a1', 'a2', 'a3']);
    expect((await readCheckpoints(store)).get('announcements')).to.equal(3);

    await append(['b4', 'b5']); // at the positions the lost events had
    expect(await runOnce()).to.equal(undefined);
    expect(await titles()).to.deep.equal(['a1', 'a2', 'a3', 'b4', 'b5']);
  });

  it('refuses a log that lost everything as well', async () => {
    truncateLogAfter(0);
    const refusal = await runOnce();
    expect(refusal).to.be.instanceOf(LogDivergenceError);
    expect((refusal as Error).message).to.contain('but the log is empty');
  });
});
