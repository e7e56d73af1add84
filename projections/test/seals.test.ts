import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DomainEvent, type LogSealed, logSealedSchema, sealStreamId } from '@vip/contracts';
import type { EventStore, ReadAllOptions } from '@vip/platform';
import { loadConfig, readSeals, readStoredEvents, storedDigest, storedEventOf } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { LogSealer } from '../src/seals/sealer.ts';
import { SealerThread } from '../src/seals/sealer-thread.ts';
import { verifyLog } from '../src/seals/verify-log.ts';
import { announcement, metadata, silent } from './support/sealed-events.ts';

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
};

/** The store, noting from where each page of the log was read as stored. */
function noting(store: EventStore, starts: Array<number | undefined>): EventStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'readAllStored')
        return (options?: ReadAllOptions) => {
          starts.push(options?.after);
          return target.readAllStored!(options);
        };
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('log sealer', () => {
  let events: SqliteEventStore;
  let sealers: LogSealer[];
  const post = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++)
      await events.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
  };
  const seals = async (): Promise<LogSealed[]> => (await readSeals(events)).map((stored) => stored.seal);
  const sealer = (options: Partial<ConstructorParameters<typeof LogSealer>[1]> = {}, store: EventStore = events) => {
    const made = new LogSealer(store, { every: 10, minutes: 60, logger: silent, pollMs: 10, ...options });
    sealers.push(made);
    return made;
  };

  beforeEach(() => {
    events = new SqliteEventStore(':memory:', { pollIntervalMs: 10 });
    sealers = [];
  });
  afterEach(async () => {
    for (const made of sealers) await made.stop();
    await events.close();
  });

  it('seals every N events, each seal continuing the one before, and the log verifies', async () => {
    await post(0, 25);
    const running = sealer();
    await running.start();
    await running.whenCaughtUp();
    await until(async () => (await seals()).length >= 2, 'two seals are in the log');
    const [first, second] = await seals();
    expect(first).to.include({ upToPosition: 10, count: 10, previousHash: null });
    // the first seal is the 26th event: the second seal's span holds it
    expect(second).to.include({ upToPosition: 20, count: 20, previousHash: first.hash });
    const summary = await verifyLog(events);
    expect(summary.findings.filter((finding) => finding.kind !== 'unsealed')).to.deep.equal([]);
    expect(summary.seals).to.be.at.least(2);
  });

  it('seals what came at least every AUDIT_SEAL_MINUTES, and an idle log gets no more seals', async () => {
    const running = sealer({ every: 1000, minutes: 0.002 });
    await running.start();
    await post(0, 3);
    await until(async () => (await seals()).length === 1, 'a timed seal is in the log');
    expect((await seals())[0]).to.include({ upToPosition: 3, count: 3 });
    // the seal itself is new in the log, but a seal of seals alone would never end
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await seals()).to.have.length(1);
    await post(3, 1);
    await until(async () => (await seals()).length === 2, 'the next timed seal is in the log');
    expect((await seals())[1]).to.include({ upToPosition: 5, count: 5 });
  });

  it('a restart continues the chain from the last seal, re-hashing only what came after it', async () => {
    await post(0, 12);
    const first = sealer();
    await first.start();
    await until(async () => (await seals()).length === 1, 'the first seal is in the log');
    await first.stop();
    await post(12, 20);

    const starts: Array<number | undefined> = [];
    const second = sealer({}, noting(events, starts));
    await second.start();
    await second.whenCaughtUp();
    // the first page read starts right after the last seal's span
    expect(starts[0]).to.equal(10);
    await until(async () => (await seals()).length === 3, 'two more seals are in the log');
    const summary = await verifyLog(events);
    expect(summary.findings.filter((finding) => finding.kind !== 'unsealed')).to.deep.equal([]);
    expect(summary.seals).to.equal(3);
  });

  it('two sealers on one log never fork the chain: the seals stream takes one seal per revision', async () => {
    await post(0, 35);
    await Promise.all([sealer().start(), sealer().start()]);
    await until(async () => (await seals()).length >= 3, 'three seals are in the log');
    await post(35, 20);
    await until(async () => (await seals()).length >= 5, 'five seals are in the log');
    for (const made of sealers) await made.stop();
    const all = await seals();
    expect(all.slice(1).map((seal) => seal.previousHash)).to.deep.equal(all.slice(0, -1).map((seal) => seal.hash));
    const summary = await verifyLog(events);
    expect(summary.findings.filter((finding) => finding.kind !== 'unsealed')).to.deep.equal([]);
  });

  it('hashes the text the log stores, which is the text the parsed event is written back as (the export, EventStoreDB)', async () => {
    const tricky: DomainEvent = {
      type: 'AnnouncementPosted',
      data: {
        announcementId: 'x',
        title: 'Ünïcödé \u2028 "quoted" \\ 🎉',
        content: 'lone \ud800 surrogate, tab\tnewline\n',
        priority: 'high',
        authorId: '1',
        postedAt: '2026-11-22T12:00:00.000Z',
      },
    };
    await events.append('announcement-x', [{ ...tricky, metadata }], 'no_stream');
    const [stored] = await readStoredEvents(events);
    const [parsed] = await events.readAll();
    expect(storedEventOf(parsed)).to.deep.equal(stored);
    expect(storedDigest(storedEventOf(parsed))).to.deep.equal(storedDigest(stored));
  });

  it('a seal is an event of the log like any other, with the schema the contracts give it', async () => {
    await post(0, 10);
    const running = sealer();
    await running.start();
    await until(async () => (await seals()).length === 1, 'a seal is in the log');
    const [stored] = await events.readStream(sealStreamId);
    expect(stored.type).to.equal('LogSealed');
    expect(logSealedSchema.safeParse(stored.data).success).to.equal(true);
    expect(stored.metadata.actor).to.deep.equal({ kind: 'system', id: 'system' });
  });
});

describe('log sealer thread', function () {
  this.timeout(60_000);

  it('seals the log of the configured store from a thread of its own, and stops cleanly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-sealer-thread-'));
    try {
      const events = new SqliteEventStore(path.join(dir, 'events.sqlite'));
      for (let i = 0; i < 25; i++)
        await events.append(`announcement-t${i}`, [{ ...announcement(`t${i}`), metadata }], 'no_stream');
      const thread = new SealerThread(
        loadConfig({ DATA_DIR: dir, AUDIT_SEAL_EVERY: '10', LOG_LEVEL: 'silent' }),
        silent,
      );
      await thread.start();
      await thread.whenCaughtUp();
      await thread.stop();
      const seals = await readSeals(events);
      expect(seals.map((stored) => stored.seal.upToPosition)).to.deep.equal([10, 20]);
      const summary = await verifyLog(events);
      expect(summary.findings.filter((finding) => finding.kind !== 'unsealed')).to.deep.equal([]);
      await events.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
