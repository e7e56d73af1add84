import { expect } from 'chai';
import { PasswordWork, PasswordWorkBusy } from '../src/auth/password-work.ts';

/** Work that finishes when the test says so. */
function heldWork() {
  const releases: (() => void)[] = [];
  let started = 0;
  const work = () =>
    new Promise<string>((resolve) => {
      started += 1;
      releases.push(() => resolve('hashed'));
    });
  return { work, started: () => started, releaseOne: () => releases.shift()?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing work (issue #13 item 4)', () => {
  it('runs `atOnce` hashes, queues `queued` more, and refuses the rest with a Retry-After', async () => {
    const gate = new PasswordWork({ atOnce: 2, queued: 3, perClient: 100 });
    const held = heldWork();
    const admitted = Array.from({ length: 5 }, (_, i) => gate.run(`client-${i}`, held.work));
    await settle();
    expect(held.started()).to.equal(2);
    expect(gate.load()).to.deep.equal({ running: 2, waiting: 3, clients: 5 });
    const refused = await gate.run('client-6', held.work).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(PasswordWorkBusy);
    expect((refused as PasswordWorkBusy).kind).to.equal('rate_limited');
    expect((refused as PasswordWorkBusy).retryAfterSeconds).to.be.at.least(1);
    // each finished hash hands its slot to the next in line
    for (let i = 0; i < 5; i++) {
      held.releaseOne();
      await settle();
    }
    expect(await Promise.all(admitted)).to.deep.equal(Array(5).fill('hashed'));
    expect(gate.load()).to.deep.equal({ running: 0, waiting: 0, clients: 0 });
  });

  it('one client gets at most `perClient` hashes running and waiting, whatever usernames it rotates', async () => {
    const gate = new PasswordWork({ atOnce: 2, queued: 50, perClient: 3 });
    const held = heldWork();
    const answers = Array.from({ length: 40 }, () =>
      gate.run('one-client', held.work).then(
        () => 'hashed',
        (error: unknown) => (error instanceof PasswordWorkBusy ? 429 : error),
      ),
    );
    await settle();
    // another client is not starved by the first
    const other = gate.run('another-client', held.work);
    await settle();
    expect(held.started()).to.equal(2);
    for (let i = 0; i < 4; i++) {
      held.releaseOne();
      await settle();
    }
    expect(await other).to.equal('hashed');
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => answer === 'hashed')).to.have.length(3);
    expect(settled.filter((answer) => answer === 429)).to.have.length(37);
  });

  it('frees the slot of a hash that failed', async () => {
    const gate = new PasswordWork({ atOnce: 1, queued: 0, perClient: 1 });
    const failure = new Error('argon2 failed');
    expect(await gate.run('c', () => Promise.reject(failure)).catch((error: unknown) => error)).to.equal(failure);
    expect(await gate.run('c', async () => 'again')).to.equal('again');
  });

  // issue #19 item 3: eight addresses flooding with wrong passwords filled the one queue, and
  // a ninth client's right password got 429 seven times out of eight
  describe('fair per client (round robin, one turn each)', () => {
    /** Work that records which client's hash started, in order, and finishes when told. */
    function turns() {
      const order: string[] = [];
      const releases: (() => void)[] = [];
      const workOf = (client: string) => () =>
        new Promise<string>((resolve) => {
          order.push(client);
          releases.push(() => resolve(client));
        });
      return { order, workOf, releaseOne: () => releases.shift()?.() };
    }
    const refusedOrDone = (promise: Promise<string>) =>
      promise.then(
        (client) => client,
        (error: unknown) => (error instanceof PasswordWorkBusy ? 429 : error),
      );

    it('a ninth client waits behind at most one hash per flooding client, and is never refused for their flood', async () => {
      const gate = new PasswordWork({ atOnce: 1, queued: 16, perClient: 3 });
      const { order, workOf, releaseOne } = turns();
      const flooders = Array.from({ length: 8 }, (_, i) => `flooder-${i}`);
      const flood = flooders.flatMap((client) =>
        Array.from({ length: 3 }, () => refusedOrDone(gate.run(client, workOf(client)))),
      );
      await settle();
      const ninth = refusedOrDone(gate.run('ninth', workOf('ninth')));
      await settle();
      for (let i = 0; i < 30 && !order.includes('ninth'); i++) {
        releaseOne();
        await settle();
      }
      const before = order.indexOf('ninth');
      expect(before, `hash order: ${order.join(' ')}`).to.be.within(0, 1 + flooders.length);
      // everything admitted finishes
      for (let i = 0; i < 30; i++) {
        releaseOne();
        await settle();
      }
      expect(await ninth).to.equal('ninth');
      const outcomes = await Promise.all(flood);
      // 24 wanted a hash, 17 places: the flooders' own extra sign-ins are the ones refused
      expect(outcomes.filter((outcome) => outcome === 429)).to.have.length.at.least(7);
      expect(outcomes.every((outcome) => outcome === 429 || flooders.includes(outcome as string))).to.equal(true);
      expect(gate.load()).to.deep.equal({ running: 0, waiting: 0, clients: 0 });
    });

    it('takes turns: with two clients waiting, their hashes alternate', async () => {
      const gate = new PasswordWork({ atOnce: 1, queued: 16, perClient: 3 });
      const { order, workOf, releaseOne } = turns();
      const all = [
        gate.run('x', workOf('x')),
        ...Array.from({ length: 3 }, () => gate.run('a', workOf('a'))),
        ...Array.from({ length: 3 }, () => gate.run('b', workOf('b'))),
      ];
      await settle();
      for (let i = 0; i < 7; i++) {
        releaseOne();
        await settle();
      }
      await Promise.all(all);
      expect(order).to.deep.equal(['x', 'a', 'b', 'a', 'b', 'a', 'b']);
    });

    it('when the queue is full, a newcomer takes the last place of the client with the most waiting', async () => {
      const gate = new PasswordWork({ atOnce: 1, queued: 3, perClient: 3 });
      const { order, workOf, releaseOne } = turns();
      const greedy = Array.from({ length: 3 }, () => refusedOrDone(gate.run('greedy', workOf('greedy'))));
      const modest = refusedOrDone(gate.run('modest', workOf('modest')));
      await settle();
      expect(gate.load()).to.include({ running: 1, waiting: 3 });
      const newcomer = refusedOrDone(gate.run('newcomer', workOf('newcomer')));
      await settle();
      expect(gate.load()).to.include({ running: 1, waiting: 3 });
      for (let i = 0; i < 10; i++) {
        releaseOne();
        await settle();
      }
      expect(await newcomer).to.equal('newcomer');
      expect(await Promise.all(greedy)).to.deep.equal(['greedy', 'greedy', 429]);
      expect(await modest).to.equal('modest');
      expect(order).to.deep.equal(['greedy', 'greedy', 'modest', 'newcomer']);
    });

    it('refuses a newcomer only when every waiting client holds a single place', async () => {
      const gate = new PasswordWork({ atOnce: 1, queued: 2, perClient: 3 });
      const { workOf, releaseOne } = turns();
      const admitted = ['a', 'b', 'c'].map((client) => refusedOrDone(gate.run(client, workOf(client))));
      await settle();
      expect(await refusedOrDone(gate.run('d', workOf('d')))).to.equal(429);
      for (let i = 0; i < 3; i++) {
        releaseOne();
        await settle();
      }
      expect(await Promise.all(admitted)).to.deep.equal(['a', 'b', 'c']);
    });
  });

  // issue #26 item 3: a growing pause before the hash of a much-guessed account's sign-in
  it('pauses a sign-in holding one of its client’s places and none of the hash slots', async () => {
    const gate = new PasswordWork({ atOnce: 1, queued: 1, perClient: 2 });
    const held = heldWork();
    const paused = [gate.run('guesser', held.work, 100), gate.run('guesser', held.work, 100)];
    // both places of the guesser are taken by its pauses: a third is refused at once
    const refused = await gate.run('guesser', held.work).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(PasswordWorkBusy);
    // the pauses hold no slot: another client's hash runs now
    const other = gate.run('someone-else', held.work);
    await settle();
    expect(held.started()).to.equal(1);
    expect(gate.load()).to.deep.equal({ running: 1, waiting: 0, clients: 2 });
    held.releaseOne();
    expect(await other).to.equal('hashed');
    // once paused, the guesser's sign-ins are hashed in turn
    for (let started = 2; started <= 3; started++) {
      while (held.started() < started) await new Promise((resume) => setTimeout(resume, 10));
      held.releaseOne();
    }
    expect(await Promise.all(paused)).to.deep.equal(['hashed', 'hashed']);
  });
});
