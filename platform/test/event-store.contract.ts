import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventMetadata } from '@vip/contracts';
import { expect } from 'chai';
import type { Observable, Subscription } from 'rxjs';
import {
  type EventBatch,
  type EventStore,
  isWrongExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../src/event-store/event-store.ts';
import { LogOwnPositions, PositionNotHandedOutError } from './log-own-positions.ts';

const metadata: EventMetadata = {
  correlationId: 'corr-1',
  causationId: 'cause-1',
  actor: { kind: 'system', id: 'contract-test' },
};

const event = (type: string, data: unknown = {}): NewEvent => ({ type, data, metadata });

/** Unique per test, so the suite can run against a real EventStoreDB holding other data. */
const newStreamId = (category = 'contractTest'): string => `${category}-${randomUUID()}`;

async function expectConflict(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(WrongExpectedRevisionError);
    return error as WrongExpectedRevisionError;
  }
  throw new Error('expected a WrongExpectedRevisionError, but the append succeeded');
}

/** Watches a subscription, keeping only the events of the given streams. */
class Probe {
  readonly batches: EventBatch[] = [];
  readonly events: RecordedEvent[] = [];
  completed = false;
  failure: unknown;
  private readonly subscription: Subscription;
  private changed: () => void = () => undefined;

  constructor(
    source: Observable<EventBatch>,
    private readonly streams: Set<string>,
    autoAck = true,
  ) {
    this.subscription = source.subscribe({
      next: (batch) => {
        this.batches.push(batch);
        this.events.push(...batch.events.filter((e) => this.streams.has(e.streamId)));
        this.changed();
        if (autoAck) batch.ack();
      },
      error: (error: unknown) => {
        this.failure = error;
        this.changed();
      },
      complete: () => {
        this.completed = true;
        this.changed();
      },
    });
  }

  async until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.failure !== undefined) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.changed = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  unsubscribe(): void {
    this.subscription.unsubscribe();
  }
}

export function eventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, function () {
    let store: EventStore;
    const probes: Probe[] = [];
    const watch = (source: Observable<EventBatch>, streams: string[], autoAck = true): Probe => {
      const probe = new Probe(source, new Set(streams), autoAck);
      probes.push(probe);
      return probe;
    };

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      for (const probe of probes.splice(0)) probe.unsubscribe();
      await store.close();
    });

    it('round-trips events through append and readStream', async () => {
      const streamId = newStreamId();
      const id = randomUUID();
      const data = { key: 'k-1', nested: { list: [1, 'two', null], flag: true } };
      const result = await store.append(
        streamId,
        [{ ...event('KeyGenerated', data), id }, event('KeyRedeemed')],
        'no_stream',
      );
      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.streamId, e.revision, e.type])).to.deep.equal([
        [streamId, 0, 'KeyGenerated'],
        [streamId, 1, 'KeyRedeemed'],
      ]);
      expect(events[0].id).to.equal(id);
      expect(events[1].id).to.be.a('string').and.not.equal(id);
      expect(events[0].data).to.deep.equal(data);
      expect(events[0].metadata).to.deep.equal(metadata);
      expect(events[0].createdAt).to.be.instanceOf(Date);
      expect(events[1].position).to.be.greaterThan(events[0].position);
      expect(result).to.deep.equal({ nextRevision: 1, position: events[1].position });
    });

    it('reads a missing stream as []', async () => {
      expect(await store.readStream(newStreamId())).to.deep.equal([]);
      expect(await store.readStream(newStreamId(), { fromRevision: 3 })).to.deep.equal([]);
      expect(await store.readStream(newStreamId(), { backwards: true, maxCount: 1 })).to.deep.equal([]);
    });

    it('reads part of a stream: from a revision on, at most maxCount, or newest first', async () => {
      const streamId = newStreamId();
      await store.append(
        streamId,
        ['A', 'B', 'C', 'D', 'E'].map((type) => event(type)),
        'no_stream',
      );
      const types = (events: RecordedEvent[]) => events.map((e) => `${e.type}${e.revision}`);
      expect(types(await store.readStream(streamId, { fromRevision: 3 }))).to.deep.equal(['D3', 'E4']);
      expect(types(await store.readStream(streamId, { fromRevision: 1, maxCount: 2 }))).to.deep.equal(['B1', 'C2']);
      expect(types(await store.readStream(streamId, { fromRevision: 5 }))).to.deep.equal([]);
      expect(types(await store.readStream(streamId, { backwards: true, maxCount: 1 }))).to.deep.equal(['E4']);
      expect(types(await store.readStream(streamId, { backwards: true, fromRevision: 2 }))).to.deep.equal([
        'C2',
        'B1',
        'A0',
      ]);
      expect(await store.readStream(streamId, { maxCount: 0 })).to.deep.equal([]);
    });

    describe('expected revision', () => {
      it('no_stream: accepted on a missing stream, a conflict on an existing one', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A')], 'no_stream');
        const conflict = await expectConflict(store.append(streamId, [event('B')], 'no_stream'));
        expect(conflict.actual).to.equal(0);
      });

      it('stream_exists: a conflict on a missing stream, accepted on an existing one', async () => {
        const streamId = newStreamId();
        const conflict = await expectConflict(store.append(streamId, [event('A')], 'stream_exists'));
        expect(conflict.actual).to.equal(null);
        await store.append(streamId, [event('A')], 'any');
        expect(await store.append(streamId, [event('B')], 'stream_exists')).to.include({ nextRevision: 1 });
      });

      it('an exact revision: accepted when it matches, a conflict otherwise', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A')], 'no_stream');
        expect(await store.append(streamId, [event('B'), event('C')], 0)).to.include({ nextRevision: 2 });
        const conflict = await expectConflict(store.append(streamId, [event('D')], 1));
        expect(conflict.actual).to.equal(2);
        await expectConflict(store.append(newStreamId(), [event('A')], 0));
      });

      it('any: accepted on a missing and on an existing stream', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A')], 'any');
        await store.append(streamId, [event('B')], 'any');
        expect((await store.readStream(streamId)).map((e) => e.type)).to.deep.equal(['A', 'B']);
      });

      it('a conflict is a typed error naming the stream, the expectation and the actual revision', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A'), event('B')], 'no_stream');
        const conflict = await expectConflict(store.append(streamId, [event('C')], 0));
        expect(conflict).to.be.instanceOf(Error);
        expect(isWrongExpectedRevision(conflict)).to.equal(true);
        expect(conflict).to.include({ name: 'WrongExpectedRevisionError', streamId, expected: 0, actual: 1 });
        expect(conflict.message).to.include(streamId);
      });

      it('two concurrent appends at the same revision: exactly one wins', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A')], 'no_stream');
        const outcomes = await Promise.allSettled([
          store.append(streamId, [event('B1')], 0),
          store.append(streamId, [event('B2')], 0),
        ]);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
        expect(rejected).to.have.length(1);
        expect(rejected[0].reason).to.be.instanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(streamId)).to.have.length(2);
      });
    });

    describe('$all', () => {
      it('readAll returns events in position order, `after` is exclusive, maxCount limits', async () => {
        const head = (await store.headPosition()) ?? undefined;
        const [a, b] = [newStreamId(), newStreamId()];
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1'), event('B2')], 'no_stream');
        await store.append(a, [event('A2')], 0);
        const ours = (await store.readAll({ after: head })).filter((e) => e.streamId === a || e.streamId === b);
        expect(ours.map((e) => e.type)).to.deep.equal(['A1', 'B1', 'B2', 'A2']);
        for (const [i, e] of ours.slice(1).entries()) expect(e.position).to.be.greaterThan(ours[i].position);

        const afterFirst = await store.readAll({ after: ours[0].position });
        expect(afterFirst.map((e) => e.id)).not.to.include(ours[0].id);
        expect(afterFirst[0].position).to.be.greaterThan(ours[0].position).and.at.most(ours[1].position);

        const limited = await store.readAll({ after: ours[0].position, maxCount: 2 });
        expect(limited).to.have.length(2);
        expect(limited[0].position).to.be.greaterThan(ours[0].position);
      });

      it('readEventsAt gives the events at the positions asked, in that order, leaving out empty ones', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A', { n: 1 }), event('B', { n: 2 }), event('C', { n: 3 })], 'no_stream');
        const [a, b, c] = await store.readStream(streamId);
        const found = await store.readEventsAt([c.position, a.position]);
        expect(found.map((e) => [e.type, e.streamId, e.revision, e.data])).to.deep.equal([
          ['C', streamId, 2, { n: 3 }],
          ['A', streamId, 0, { n: 1 }],
        ]);
        expect(found[1]).to.deep.equal(a);
        const head = (await store.headPosition()) ?? 0;
        // past the head nothing is there yet
        expect((await store.readEventsAt([b.position, head + 1_000_000])).map((e) => e.type)).to.deep.equal(['B']);
        expect(await store.readEventsAt([])).to.deep.equal([]);
      });

      it('countEventsAfter counts the events after a position, at most `limit`, and names the last counted', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        await store.append(streamId, [event('A'), event('B'), event('C'), event('D')], 'no_stream');
        const [a, b, c, d] = await store.readStream(streamId);
        expect(await store.countEventsAfter(a.position, 100)).to.deep.equal({ count: 3, lastPosition: d.position });
        expect(await store.countEventsAfter(a.position, 2)).to.deep.equal({ count: 2, lastPosition: c.position });
        expect(await store.countEventsAfter(d.position, 100)).to.deep.equal({ count: 0, lastPosition: null });
        expect(await store.countEventsAfter(b.position, 0)).to.deep.equal({ count: 0, lastPosition: null });
        // from the start: every event of the log, ours included
        const all = await store.countEventsAfter(null, 1_000_000);
        expect(all.lastPosition).to.equal(d.position);
        if (before === null) expect(all.count).to.equal(4);
        else expect(all.count).to.be.at.least(4);
      });

      it('headPosition is null only for an empty log, then the newest position', async () => {
        const before = await store.headPosition();
        if (before === null) expect(await store.readAll({ maxCount: 1 })).to.deep.equal([]);
        const result = await store.append(newStreamId(), [event('A'), event('B')], 'no_stream');
        if (before !== null) expect(result.position).to.be.greaterThan(before);
        expect(await store.headPosition()).to.equal(result.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from the start, then delivers later appends live', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A'), event('B'), event('C')], 'no_stream');
        const probe = watch(store.subscribeToAll(), [streamId]);
        await probe.until(() => probe.events.length === 3, 'the catch-up');
        await probe.until(() => probe.batches.some((b) => b.caughtUp), 'caughtUp');
        await store.append(streamId, [event('D')], 2);
        await probe.until(() => probe.events.length === 4, 'the live event');
        expect(probe.events.map((e) => e.type)).to.deep.equal(['A', 'B', 'C', 'D']);
        expect(probe.batches.at(-1)?.caughtUp).to.equal(true);
      });

      it('catches up from a checkpoint, excluding the checkpoint itself', async () => {
        const streamId = newStreamId();
        await store.append(streamId, [event('A'), event('B'), event('C')], 'no_stream');
        const [first] = await store.readStream(streamId);
        const probe = watch(store.subscribeToAll({ after: first.position }), [streamId]);
        await probe.until(() => probe.events.length === 2, 'the catch-up');
        await store.append(streamId, [event('D')], 2);
        await probe.until(() => probe.events.length === 3, 'the live event');
        expect(probe.events.map((e) => e.type)).to.deep.equal(['B', 'C', 'D']);
      });

      it('emits the next batch only after the previous one was acked', async () => {
        const after = (await store.headPosition()) ?? undefined;
        const streamId = newStreamId();
        await store.append(
          streamId,
          ['A', 'B', 'C', 'D', 'E'].map((t) => event(t)),
          'no_stream',
        );
        const probe = watch(store.subscribeToAll({ after, maxBatchSize: 2 }), [streamId], false);
        await probe.until(() => probe.batches.length === 1, 'the first batch');
        await sleep(200);
        expect(probe.batches).to.have.length(1);
        let acked = 0;
        while (probe.events.length < 5) {
          const batches = probe.batches.length;
          probe.batches[acked++].ack();
          await probe.until(() => probe.batches.length > batches, 'the next batch');
          expect(probe.batches).to.have.length(acked + 1);
        }
        expect(probe.batches.every((b) => b.events.length <= 2)).to.equal(true);
        expect(probe.events.map((e) => e.type)).to.deep.equal(['A', 'B', 'C', 'D', 'E']);
      });

      it('stops delivering once unsubscribed', async () => {
        const after = (await store.headPosition()) ?? undefined;
        const streamId = newStreamId();
        const probe = watch(store.subscribeToAll({ after }), [streamId]);
        await store.append(streamId, [event('A')], 'no_stream');
        await probe.until(() => probe.events.length === 1, 'the first event');
        probe.unsubscribe();
        const batches = probe.batches.length;
        await store.append(streamId, [event('B')], 0);
        await sleep(400);
        expect(probe.batches).to.have.length(batches);
      });

      it('completes active subscriptions on close', async () => {
        const probe = watch(store.subscribeToAll({ after: (await store.headPosition()) ?? undefined }), []);
        await store.close();
        expect(probe.completed).to.equal(true);
      });
    });

    /**
     * A position is the log's own: one it handed out (an event's, a head, a last one counted),
     * or 0 for its start, never one computed from another. On EventStoreDB positions are byte
     * offsets and a read from inside a record fails; LogOwnPositions makes any adapter behave
     * so (the audit export's and the state-as-of tests run on it).
     */
    describe("positions are the log's own, never arithmetic", () => {
      it('every read takes back a position the log handed out, through a log whose positions are offsets', async () => {
        const log = new LogOwnPositions(store);
        const streamId = newStreamId();
        const { position: appended } = await log.append(streamId, [event('A'), event('B'), event('C')], 'no_stream');
        const [a, b, c] = await log.readStream(streamId);
        expect(c.position).to.equal(appended);
        expect((await log.readAll({ after: a.position, maxCount: 2 })).map((e) => e.id)).to.include(b.id);
        expect((await log.readEventsAt([b.position])).map((e) => e.id)).to.deep.equal([b.id]);
        expect(await log.countEventsAfter(a.position, 100)).to.deep.include({ lastPosition: c.position });
        const head = await log.headPosition();
        expect(await log.countEventsAfter(head, 100)).to.deep.equal({ count: 0, lastPosition: null });
        expect((await log.readAll({ after: 0, maxCount: 1 })).length).to.equal(1);
        const probe = watch(log.subscribeToAll({ after: b.position }), [streamId]);
        await probe.until(() => probe.events.length === 1, 'the event after b');
        expect(probe.events[0].id).to.equal(c.id);
        expect(log.refused).to.deep.equal([]);
      });

      it('a position computed from one it handed out is refused, as EventStoreDB refuses a read inside a record', async () => {
        const log = new LogOwnPositions(store);
        const { position } = await log.append(newStreamId(), [event('A'), event('B')], 'no_stream');
        const refusals = [
          () => log.countEventsAfter(position - 1, 10),
          () => log.readAll({ after: position + 1 }),
          () => log.readEventsAt([position - 1]),
        ];
        for (const read of refusals) {
          const error = await read().then(
            () => undefined,
            (failure: unknown) => failure,
          );
          expect(error).to.be.instanceOf(PositionNotHandedOutError);
        }
      });
    });
  });
}
