import { announcementReadModels, type DomainEvent } from '@vip/contracts';
import { readCheckpoints } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { defineProjector } from '../src/projector.ts';
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
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('projection runner', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  const silent = pino({ level: 'silent' });
  const append = (id: string) => events.append(`announcement-${id}`, [{ ...post(id), metadata }], 'no_stream');

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    store = new SqliteReadStore(':memory:');
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it('pauses one projection while the others go on, and catches it up on resume', async () => {
    const runner = new ProjectionRunner(events, store, [usersProjector, announcementsProjector], silent);
    await runner.start();
    runner.pause('announcements');
    await append('a1');
    await append('a2');
    await until(() => runner.checkpointOf('users') === 2);
    expect(runner.checkpointOf('users')).to.equal(2);
    expect(runner.checkpointOf('announcements')).to.equal(null);
    expect((await runner.statuses()).find((status) => status.name === 'announcements')).to.deep.equal({
      name: 'announcements',
      checkpoint: null,
      lag: 2,
      paused: true,
    });
    expect(await store.collection(announcementReadModels.announcements).countDocuments()).to.equal(0);

    await runner.resume('announcements');
    expect(runner.checkpointOf('announcements')).to.equal(2);
    expect(await store.collection(announcementReadModels.announcements).countDocuments()).to.equal(2);
    await append('a3');
    await until(() => runner.checkpointOf('announcements') === 3);
    expect((await readCheckpoints(store)).get('announcements')).to.equal(3);
    expect(() => runner.pause('no-such-projection')).to.throw(/Unknown projection/);
    await runner.stop();
  });

  it('stop() lets the batch being applied commit before it resolves', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const applying = new Promise<void>((resolve) => (entered = resolve));
    const slow = defineProjector({
      name: 'slow',
      collections: ['slow'],
      handles: ['AnnouncementPosted'],
      async apply(event, documents) {
        entered();
        await gate;
        documents.of('slow').set({ _id: event.data.announcementId });
      },
    });
    const runner = new ProjectionRunner(events, store, [slow], silent);
    await runner.start();
    await append('s1');
    await applying;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped, 'stop waits for the batch').to.equal(false);
    release();
    await stopping;
    expect((await readCheckpoints(store)).get('slow')).to.equal(1);
    expect(await store.collection('slow').countDocuments()).to.equal(1);
  });
});
