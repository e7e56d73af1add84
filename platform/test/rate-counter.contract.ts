/**
 * The one RateCounter contract (ARCHITECTURE.md "Ports"): every adapter counts the same way,
 * which is what lets the limits be written once. Keys carry a per-run prefix so the suite can
 * run against a shared MongoDB.
 */
import { expect } from 'chai';
import type { RateCounter } from '../src/rate-counter/rate-counter.ts';

const MINUTE = 60_000;

export function rateCounterContract(name: string, open: () => Promise<RateCounter>): void {
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
  });
}
