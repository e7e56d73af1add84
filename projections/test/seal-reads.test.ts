import { type AuditExportRange, sealStreamId } from '@vip/contracts';
import { auditExportChunks, type EventStore, type ReadStreamOptions, readSeals } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { LogSealer } from '../src/seals/sealer.ts';
import { announcement, metadata, silent } from './support/sealed-events.ts';

/** The store, counting the events read from the seals stream. */
function countingSeals(store: EventStore, read: { seals: number }): EventStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'readStream')
        return async (streamId: string, options?: ReadStreamOptions) => {
          const events = await target.readStream(streamId, options);
          if (streamId === sealStreamId) read.seals += events.length;
          return events;
        };
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the seals stream is never read whole by a sealer start or an export', function () {
  this.timeout(60_000);
  let events: SqliteEventStore;
  let sealCount: number;

  before(async () => {
    events = new SqliteEventStore(':memory:');
    for (let i = 0; i < 2_000; i++)
      await events.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
    // a seal every 2 events: as many seals as a log 500 times longer sealed every 1,000
    const sealer = new LogSealer(events, { every: 2, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.stop();
    sealCount = (await readSeals(events)).length;
    expect(sealCount).to.be.above(900);
  });
  after(() => events.close());

  it('a sealer starts from the last seal, reading that one seal', async () => {
    const read = { seals: 0 };
    const sealer = new LogSealer(countingSeals(events, read), { every: 2, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.stop();
    expect(read.seals).to.equal(1);
  });

  it('an export finds its anchor and the seals of its span in a few reads, the same ones as a reading of them all', async () => {
    const all = await readSeals(events);
    const head = (await events.headPosition())!;
    const readStore = new SqliteReadStore(':memory:');
    for (const [from, to] of [
      [1, 40],
      [1501, 1540],
      [2401, 2430],
      [head - 3, head],
      [1, head],
    ]) {
      const read = { seals: 0 };
      const chunks = auditExportChunks(countingSeals(events, read), readStore, { from, to });
      const range = JSON.parse((await chunks.next()).value as string) as AuditExportRange;
      await chunks.return(undefined);
      const anchor = all.findLast((stored) => stored.seal.upToPosition < from) ?? null;
      const closing = all.find((stored) => stored.seal.upToPosition >= to);
      const spanEnd = closing ? closing.seal.upToPosition : to;
      const expected = all.filter(
        ({ seal }) => seal.upToPosition > (anchor?.seal.upToPosition ?? 0) && seal.upToPosition <= spanEnd,
      );
      expect(range.anchor, `anchor of ${from}-${to}`).to.deep.equal(anchor);
      expect(range.seals, `seals of ${from}-${to}`).to.deep.equal(expected);
      // a binary search (about 2 × log2 of the seals) and the seals of the span, not every seal
      if (to - from < 100) expect(read.seals, `seals read for ${from}-${to}`).to.be.below(60 + expected.length);
    }
    await readStore.close();
  });
});
