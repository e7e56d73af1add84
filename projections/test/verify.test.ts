import { auditReadModels } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { writeMixedLog } from '../../test/support/mixed-log.ts';
import { allProjectors } from '../src/read-models/index.ts';
import { rebuildReadModels } from '../src/rebuild.ts';
import { ProjectionRunner } from '../src/runner.ts';
import { compareReadModels } from '../src/verify.ts';

/** The store, noting the most documents one read gave. */
function largestRead(store: ReadStore, seen: { most: number }): ReadStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'collection') {
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (collection: string) => {
        const handle = target.collection(collection);
        return new Proxy(handle, {
          get(inner, method, innerReceiver) {
            const value = Reflect.get(inner, method, innerReceiver);
            if (method !== 'find') return typeof value === 'function' ? value.bind(inner) : value;
            return async (...args: unknown[]) => {
              const docs = await value.apply(inner, args);
              seen.most = Math.max(seen.most, docs.length);
              return docs;
            };
          },
        });
      };
    },
  });
}

describe('verify compares the read models page by page', function () {
  this.timeout(60_000);

  it('finds every difference while holding at most a page of either store, whatever their size', async () => {
    const events = new SqliteEventStore(':memory:');
    const live = new SqliteReadStore(':memory:');
    const rebuilt = new SqliteReadStore(':memory:');
    try {
      await writeMixedLog(events, { events: 3_500 });
      const runner = new ProjectionRunner(events, live, allProjectors, pino({ level: 'silent' }));
      await runner.start();
      await runner.stop();
      await rebuildReadModels(events, rebuilt, allProjectors);
      const audit = live.collection(auditReadModels.audit);
      expect(await audit.countDocuments()).to.be.above(3_000);

      const seen = { most: 0 };
      expect(
        await compareReadModels(largestRead(live, seen), largestRead(rebuilt, seen), allProjectors, 500),
      ).to.deep.equal([]);
      expect(seen.most).to.equal(500);

      // one document changed, one gone, one too many: each found, in pages all the same
      const [first, second] = await audit.find({}, { sort: { _id: 1 }, skip: 1500, limit: 2 });
      await audit.updateOne({ _id: first._id }, { $set: { type: 'Tampered' } });
      await audit.deleteOne({ _id: second._id });
      await audit.insertOne({ _id: 'zzz-extra', position: 0 });
      seen.most = 0;
      const differences = await compareReadModels(
        largestRead(live, seen),
        largestRead(rebuilt, seen),
        allProjectors,
        500,
      );
      expect(differences.map(({ id, kind }) => [id, kind])).to.deep.equal([
        [first._id, 'different'],
        [second._id, 'missing in live'],
        ['zzz-extra', 'missing in rebuild'],
      ]);
      expect(seen.most).to.equal(500);
    } finally {
      await rebuilt.close();
      await live.close();
      await events.close();
    }
  });
});
