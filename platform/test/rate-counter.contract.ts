/**
 * The one RateCounter contract (docs/architecture.md "Ports"): every adapter counts the same way,
 * which is what lets the limits be written once. Keys carry a per-run prefix so the suite can
 * run against a shared MongoDB.
 */
import { expect } from 'chai';
import type { RateCounter } from '../src/rate-counter/rate-counter.ts';

const MINUTE = 60_000;

/** Opens a counter of the adapter under test; `cap` is how many live windows it may hold. */
export type OpenCounter = (cap?: number) => Promise<RateCounter>;

export function rateCounterContract(name: string, open: OpenCounter): void {
  describe(`RateCounter contract: ${name}`, function () {
    const prefix = `contract_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}_`;
    let counter: RateCounter;
    let keys = 0;
    const freshKey = () => `${prefix}${++keys}`;
    // a clock of its own, far from today's, so that windows end when the test says
    const start = Date.UTC(2030, 0, 1);

    before(async function () {
      counter = await open();
    });
    after(async function () {
      await counter.close();
    });

    it('counts the hits of one key in a window that starts with its first hit', async () => {
      const key = freshKey();
      expect(await counter.hit(key, MINUTE, start)).to.deep.equal({ count: 1, endsAt: start + MINUTE });
      expect(await counter.hit(key, MINUTE, start + 1_000)).to.deep.equal({ count: 2, endsAt: start + MINUTE });
      expect(await counter.hit(key, MINUTE, start + MINUTE - 1)).to.deep.equal({ count: 3, endsAt: start + MINUTE });
    });

    it('starts a new window at the first hit after the old one ended', async () => {
      const key = freshKey();
      await counter.hit(key, MINUTE, start);
      await counter.hit(key, MINUTE, start + 10);
      const later = start + MINUTE;
      expect(await counter.hit(key, MINUTE, later)).to.deep.equal({ count: 1, endsAt: later + MINUTE });
      expect(await counter.hit(key, MINUTE, later + 5)).to.deep.equal({ count: 2, endsAt: later + MINUTE });
    });

    it('keeps keys apart', async () => {
      const [one, two] = [freshKey(), freshKey()];
      await counter.hit(one, MINUTE, start);
      await counter.hit(one, MINUTE, start);
      expect((await counter.hit(two, MINUTE, start)).count).to.equal(1);
      expect((await counter.hit(one, MINUTE, start)).count).to.equal(3);
    });

    it('loses no hit among concurrent ones', async () => {
      const key = freshKey();
      const windows = await Promise.all(Array.from({ length: 25 }, () => counter.hit(key, MINUTE, start)));
      expect(windows.map((window) => window.count).sort((a, b) => a - b)).to.deep.equal(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });

    // issue #19 item 1: a flood of new keys (made-up usernames) used to push out the oldest
    // windows, and with them a guesser's spent limit
    it('never drops a live window to make room: at its cap a new key gets no window (counts past every limit)', async () => {
      const small = await open(10);
      try {
        const keys = Array.from({ length: 10 }, () => freshKey());
        for (const [i, key] of keys.entries()) await small.hit(key, MINUTE, start + i);
        const flood = await small.hit(freshKey(), MINUTE, start + 20);
        expect(flood.count).to.equal(Number.POSITIVE_INFINITY);
        // refused until the first live window ends
        expect(flood.endsAt).to.equal(start + MINUTE);
        for (let i = 0; i < 50; i++) await small.hit(freshKey(), MINUTE, start + 30 + i);
        for (const key of keys) expect((await small.hit(key, MINUTE, start + 100)).count, key).to.equal(2);
      } finally {
        await small.close();
      }
    });

    // issue #26 item 2: made-up usernames filled the whole table, and every limited route then
    // refused every new client
    it('splits its cap among the declared shares: a full share refuses new keys, the others still open windows', async () => {
      const small = await open(10);
      try {
        for (const share of ['flooded', 'quiet']) small.declareShare(share);
        for (let i = 0; i < 5; i++)
          expect((await small.hit(freshKey(), MINUTE, start + i, 'flooded')).count).to.equal(1);
        const refused = await small.hit(freshKey(), MINUTE, start + 10, 'flooded');
        expect(refused).to.deep.equal({ count: Number.POSITIVE_INFINITY, endsAt: start + MINUTE });
        for (let i = 0; i < 5; i++)
          expect((await small.hit(freshKey(), MINUTE, start + 20, 'quiet')).count).to.equal(1);
        expect((await small.hit(freshKey(), MINUTE, start + 30, 'quiet')).count).to.equal(Number.POSITIVE_INFINITY);
      } finally {
        await small.close();
      }
    });

    it('answers a live window without counting a hit, and nothing for a key without one', async () => {
      const key = freshKey();
      expect(await counter.peek(key, start)).to.equal(undefined);
      await counter.hit(key, MINUTE, start);
      await counter.hit(key, MINUTE, start + 1);
      expect(await counter.peek(key, start + 2)).to.deep.equal({ count: 2, endsAt: start + MINUTE });
      expect(await counter.peek(key, start + 3)).to.deep.equal({ count: 2, endsAt: start + MINUTE });
      expect(await counter.peek(key, start + MINUTE)).to.equal(undefined);
    });

    it('gives new keys windows again once live windows have ended', async () => {
      const small = await open(5);
      try {
        for (let i = 0; i < 5; i++) await small.hit(freshKey(), MINUTE, start);
        expect((await small.hit(freshKey(), MINUTE, start + 1)).count).to.equal(Number.POSITIVE_INFINITY);
        const later = start + MINUTE;
        expect(await small.hit(freshKey(), MINUTE, later)).to.deep.equal({ count: 1, endsAt: later + MINUTE });
      } finally {
        await small.close();
      }
    });
  });
}
