/**
 * readEventsAt on EventStoreDB (issue #19 item 15): one bounded read per position, never a
 * read of $all from the position to its end. No EventStoreDB runs here: the client is a stub
 * that streams as the server does, at most `maxCount` entries when the read asks for a limit.
 */
import { expect } from 'chai';
import { resolvedEntry as entry, stubbedEventStoreDb } from './support/stubbed-eventstoredb.ts';

describe('EventStoreDB readEventsAt (client stubbed)', () => {
  // a long log: an unbounded read from an early position would stream thousands of entries
  const log = [
    ...Array.from({ length: 5000 }, (_, i) => entry(100 * (i + 1))),
    entry(600_000, '$stats'),
    entry(600_100),
  ];

  it('asks the server for one event per position and finds the events there', async () => {
    const { store, reads } = stubbedEventStoreDb(log);
    const found = await store.readEventsAt([200, 300, 600_100]);
    expect(found.map((event) => event.position)).to.deep.equal([200, 300, 600_100]);
    expect(reads).to.have.length(3);
    for (const read of reads) {
      expect(read.maxCount).to.equal(1n);
      expect(read.delivered).to.equal(1);
    }
  });

  it('finds nothing where no event of ours starts, without reading on', async () => {
    const { store, reads } = stubbedEventStoreDb(log);
    // 150: inside an event; 600_000: a system event; 700_000: past the end
    expect(await store.readEventsAt([150, 600_000, 700_000])).to.deep.equal([]);
    expect(reads.map((read) => read.delivered)).to.deep.equal([1, 1, 0]);
  });
});
