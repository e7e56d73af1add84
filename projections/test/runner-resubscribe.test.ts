import { announcementReadModels, type DomainEvent } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { eventually } from '../../test/support/seed.ts';
import { announcementsProjector } from '../src/read-models/announcements/announcements.projector.ts';
import { ProjectionRunner } from '../src/runner.ts';
import { type EndingEventStore, endingEventStore } from './support/ending-event-store.ts';

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
 * EventStoreDB may end a subscription without an error (the adapter then completes its
 * observable) or fail it (a server restart): the runner takes the log up again from its
 * checkpoints, waiting longer after each loss in a row, unless it is stopping.
 */
describe('projection runner when its subscription is lost', function () {
  this.timeout(20_000);
  let sqlite: SqliteEventStore;
  let events: EndingEventStore;
  let store: SqliteReadStore;
  let runner: ProjectionRunner;
  let posted = 0;
  const silent = pino({ level: 'silent' });
  const postSome = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const id = `a${++posted}`;
      await events.append(`announcement-${id}`, [{ ...post(id), metadata }], 'no_stream');
    }
  };
  const announcements = () => store.collection(announcementReadModels.announcements).countDocuments();

  beforeEach(() => {
    sqlite = new SqliteEventStore(':memory:');
    events = endingEventStore(sqlite);
    store = new SqliteReadStore(':memory:');
    posted = 0;
    runner = new ProjectionRunner(events, store, [announcementsProjector], silent, {
      retryFirstMs: 20,
      retryMaxMs: 200,
    });
  });
  afterEach(async () => {
    await runner.stop();
    await sqlite.close();
    await store.close();
  });

  for (const how of ['complete', 'error'] as const) {
    it(`resubscribes from its checkpoint when the subscription ${how === 'complete' ? 'ends without an error' : 'fails'}`, async () => {
      await postSome(2);
      await runner.start();
      expect(await announcements()).to.equal(2);

      events.end(how);
      expect(runner.isCaughtUp(), 'not caught up while the subscription is down').to.equal(false);
      await postSome(3); // written while no subscription is open

      await eventually(async () => (await announcements()) === 5, 5_000, 'the events written meanwhile');
      expect(events.subscriptions).to.deep.equal([undefined, 2]);
      await eventually(async () => runner.isCaughtUp(), 5_000, 'caught up again');
      await postSome(1); // and it stays live afterwards
      await eventually(async () => (await announcements()) === 6, 5_000, 'an event after the resubscription');
      expect(runner.checkpointOf(announcementsProjector.name)).to.equal(6);
    });
  }

  it('waits longer after each loss in a row, then delivers what it missed', async () => {
    await postSome(1);
    await runner.start();
    events.refuseNext('complete', 'error', 'complete');
    events.end('complete');
    await postSome(1);
    await eventually(async () => (await announcements()) === 2, 5_000, 'the feed back after refusals');
    // the first subscription, three refused, and the one that held
    expect(events.subscriptions).to.deep.equal([undefined, 1, 1, 1, 1]);
    const gaps = events.subscribedAt.slice(1).map((at, i) => at - events.subscribedAt[i]);
    // 20, 40, 80, 160 ms at least (timers never fire early; a busy machine only adds)
    for (const [i, gap] of gaps.entries()) expect(gap, `wait ${i + 1}`).to.be.at.least(20 * 2 ** i - 2);
  });

  it('does not resubscribe once stopped', async () => {
    await runner.start();
    events.refuseNext('error', 'error', 'error');
    events.end('error');
    await runner.stop();
    const asked = events.subscriptions.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.subscriptions).to.have.length(asked);
  });
});
