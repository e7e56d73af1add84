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
});
