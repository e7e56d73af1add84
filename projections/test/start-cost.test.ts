import type { DomainEvent } from '@vip/contracts';
import type { EventStore, ReadStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { tap } from 'rxjs';
import { writeMixedLog } from '../../test/support/mixed-log.ts';
import { allProjectors } from '../src/read-models/index.ts';
import { ProjectionRunner } from '../src/runner.ts';
import { LogSealer } from '../src/seals/sealer.ts';

const silent = pino({ level: 'silent' });
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

interface Reads {
  events: number;
  documents: number;
}

/** The log, counting every event it hands out, whichever way it is read. */
function countingLog(store: EventStore, reads: Reads): EventStore {
  const counted = <T>(result: Promise<T[]>) =>
    result.then((items) => {
      reads.events += items.length;
      return items;
    });
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (name === 'subscribeToAll')
        return (options: Parameters<EventStore['subscribeToAll']>[0]) =>
          target.subscribeToAll(options).pipe(tap((batch) => (reads.events += batch.events.length)));
      if (['readAll', 'readAllStored', 'readStream', 'readEventsAt'].includes(String(name)))
        return (...args: unknown[]) => counted(value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** The read store, counting every document it hands out. */
function countingStore(store: ReadStore, reads: Reads): ReadStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'collection') {
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (collection: string) =>
        new Proxy(target.collection(collection), {
          get(handle, method, handleReceiver) {
            const value = Reflect.get(handle, method, handleReceiver);
            if (method === 'find')
              return async (...args: unknown[]) => {
                const docs = await value.apply(handle, args);
                reads.documents += docs.length;
                return docs;
              };
            if (method === 'findOne')
              return async (...args: unknown[]) => {
                const doc = await value.apply(handle, args);
                if (doc) reads.documents += 1;
                return doc;
              };
            return typeof value === 'function' ? value.bind(handle) : value;
          },
        });
    },
  });
}

/**
 * A start with one event not yet applied: what the projections and the sealer read, counted
 * through the ports, on a log of `size` events.
 */
async function startCost(size: number): Promise<Reads> {
  const events = new SqliteEventStore(':memory:');
  const store = new SqliteReadStore(':memory:');
  try {
    await writeMixedLog(events, { events: size });
    const first = new ProjectionRunner(events, store, allProjectors, silent);
    await first.start();
    // the log sealed up to its last event, and that seal applied: a steady state
    const sealer = new LogSealer(events, { every: 1_000_000, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.sealNow();
    await sealer.stop();
    const head = await events.headPosition();
    for (let tries = 0; first.checkpointOf('audit') !== head; tries++) {
      expect(tries, 'the seal applied').to.be.below(500);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.stop();
    await events.append('announcement-after', [{ ...post('after'), metadata }], 'no_stream');

    const reads: Reads = { events: 0, documents: 0 };
    const log = countingLog(events, reads);
    const runner = new ProjectionRunner(log, countingStore(store, reads), allProjectors, silent);
    await runner.start();
    const restarted = new LogSealer(log, { every: 100, minutes: 60, logger: silent, pollMs: 5 });
    await restarted.start();
    await restarted.whenCaughtUp();
    await restarted.stop();
    await runner.stop();
    expect(runner.checkpointOf('announcements')).to.equal(await events.headPosition());
    return reads;
  } finally {
    await store.close();
    await events.close();
  }
}

describe('a start costs what the live state costs, not the length of the log', function () {
  this.timeout(120_000);

  it('a restart with one event not yet applied reads the same few events and documents on a log ten times longer', async () => {
    const short = await startCost(500);
    const long = await startCost(5_000);
    // the event to apply (the projections), the last seal and the events after it (the sealer), a few documents
    expect(long).to.deep.equal(short);
    expect(long.events).to.equal(4);
    expect(long.documents).to.be.at.most(20);
  });
});
