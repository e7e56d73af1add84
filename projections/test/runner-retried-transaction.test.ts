import { announcementReadModels, type DomainEvent } from '@vip/contracts';
import { type RecordedEvent, readCheckpoints } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { announcementsProjector } from '../src/read-models/announcements/announcements.projector.ts';
import { usersProjector } from '../src/read-models/auth/users.projector.ts';
import { ProjectionRunner } from '../src/runner.ts';

const metadata = { correlationId: 'c1', causationId: 'c1', actor: { kind: 'system' as const, id: 'test' } };
const post = (id: string): DomainEvent => ({
  type: 'AnnouncementPosted',
  data: {
    announcementId: id,
    title: id,
    content: id,
    priority: 'low',
    authorId: 'u1',
    postedAt: '2026-11-22T12:00:00.000Z',
  },
});

/**
 * A store whose transactions fail once after the work has run, rolled back, and then run the
 * work again: what MongoDB's withTransaction does after a transient error.
 */
class RetryingStore extends SqliteReadStore {
  attempts = 0;
  override async transaction<R>(work: () => Promise<R>): Promise<R> {
    try {
      await super.transaction(async () => {
        this.attempts++;
        await work();
        throw new Error('a failover interrupted the transaction');
      });
    } catch {
      // transient: run it again, from the start
    }
    this.attempts++;
    return super.transaction(work);
  }
}

describe('projection runner when the store runs a batch again', () => {
  const silent = pino({ level: 'silent' });
  let events: SqliteEventStore;
  let log: RecordedEvent[];

  before(async () => {
    events = new SqliteEventStore(':memory:');
    for (let i = 1; i <= 9; i++)
      await events.append(`announcement-a${i}`, [{ ...post(`a${i}`), metadata }], 'no_stream');
    log = await events.readAll();
  });
  after(() => events.close());

  it('applies every page of a batch once more on the second attempt, not only the pages left', async () => {
    const store = new RetryingStore(':memory:');
    const runner = new ProjectionRunner(events, store, [usersProjector, announcementsProjector], silent);
    // three pages that can each be read once, as the log's pages are during a rebuild
    const pages = [log.slice(0, 3), log.slice(3, 6), log.slice(6)];
    const applied = await runner.applyPages(async () => pages.shift(), 100);
    expect(store.attempts).to.equal(2);
    expect(applied).to.equal(9);
    const announcements = await store.collection(announcementReadModels.announcements).find({}, { sort: { _id: 1 } });
    expect(announcements.map((doc) => doc._id)).to.deep.equal(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9']);
    expect((await readCheckpoints(store)).get('announcements')).to.equal(9);
    await store.close();
  });

  it('announces a live batch once, with its events once, after the attempt that committed', async () => {
    const store = new RetryingStore(':memory:');
    const runner = new ProjectionRunner(events, store, [usersProjector, announcementsProjector], silent);
    const announced: number[][] = [];
    runner.applied$.subscribe((batch) => announced.push(batch.events.map((event) => event.position)));
    await runner.applyEvents(log.slice(0, 4));
    expect(store.attempts).to.equal(2);
    expect(await store.collection(announcementReadModels.announcements).countDocuments()).to.equal(4);
    expect(announced).to.deep.equal([[1, 2, 3, 4]]);
    await store.close();
  });
});
