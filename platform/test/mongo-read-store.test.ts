/**
 * What the MongoDB read store does that a server-less machine can still check: the adapter
 * around a stubbed driver (the calls it makes), and the names it gives scratch databases.
 */
import { expect } from 'chai';
import { databaseNameRefusal, MongoReadStore, scratchDatabaseName } from '../src/read-store/mongo-read-store.ts';
import { rejectionOf } from './read-store.contract.ts';

/** A MongoReadStore over stubs of the driver's client and database, recording what it is asked. */
function stubbedStore(options: { dropFails?: boolean } = {}) {
  const calls: string[] = [];
  const driverCollection = {
    collectionName: 'visitors',
    estimatedDocumentCount: async () => {
      calls.push('estimatedDocumentCount');
      return 41;
    },
    countDocuments: async (filter: unknown) => {
      calls.push(`countDocuments ${JSON.stringify(filter)}`);
      return 7;
    },
  };
  const db = {
    collection: () => driverCollection,
    dropDatabase: async () => {
      calls.push('dropDatabase');
      if (options.dropFails) throw new Error('not authorized to drop the database');
      return true;
    },
  };
  const client = {
    close: async () => {
      calls.push('close');
    },
  };
  const Constructor = MongoReadStore as unknown as new (client: unknown, db: unknown) => MongoReadStore;
  return { store: new Constructor(client, db), calls };
}

describe('MongoDB read store (driver stubbed)', () => {
  it('counts a whole collection from its metadata, and only a filtered count with a query', async () => {
    const { store, calls } = stubbedStore();
    const visitors = store.collection('visitors');
    expect(await visitors.countDocuments()).to.equal(41);
    expect(await visitors.countDocuments({})).to.equal(41);
    expect(await visitors.countDocuments({ until: { $gt: '2026-11-22' } })).to.equal(7);
    expect(calls).to.deep.equal([
      'estimatedDocumentCount',
      'estimatedDocumentCount',
      'countDocuments {"until":{"$gt":"2026-11-22"}}',
    ]);
  });

  it('destroy() drops its whole database and closes the client', async () => {
    const { store, calls } = stubbedStore();
    await store.destroy();
    expect(calls).to.deep.equal(['dropDatabase', 'close']);
  });

  it('destroy() closes the client even when the drop fails', async () => {
    const { store, calls } = stubbedStore({ dropFails: true });
    const error = await rejectionOf(store.destroy());
    expect((error as Error).message).to.contain('not authorized');
    expect(calls).to.deep.equal(['dropDatabase', 'close']);
  });
});

describe('MongoDB database names for scratch stores', () => {
  it('turns what MongoDB refuses in a name (the dots and colons of an ISO time) into "_"', () => {
    const name = scratchDatabaseName('vip_access', 'as-of-2026-11-22T12:00:00.000Z');
    expect(name).to.equal('vip_access_as-of-2026-11-22T12_00_00_000Z');
    expect(databaseNameRefusal(name)).to.equal(null);
    expect(scratchDatabaseName('vip', 'a/b\\c d"e$f*g<h>i:j|k?l\0m')).to.equal('vip_a_b_c_d_e_f_g_h_i_j_k_l_m');
  });

  it('keeps a long name under MongoDB’s 64 bytes, and two long labels apart', () => {
    const base = 'a_rather_long_database_name_for_the_read_models';
    const first = scratchDatabaseName(base, 'as-of-2026-11-22T12:00:00.000Z');
    const second = scratchDatabaseName(base, 'as-of-2026-11-22T13:00:00.000Z');
    expect(first).to.have.length.at.most(63);
    expect(databaseNameRefusal(first)).to.equal(null);
    expect(first).to.not.equal(second);
  });

  it('says why MongoDB would refuse a name', () => {
    expect(databaseNameRefusal('vip_access_as-of-2026-11-22T12:00:00.000Z')).to.contain('contains ":"');
    expect(databaseNameRefusal('vip.access')).to.contain('contains "."');
    expect(databaseNameRefusal('x'.repeat(64))).to.contain('longer than 63 bytes');
    expect(databaseNameRefusal('')).to.contain('cannot be empty');
    expect(databaseNameRefusal('vip_access')).to.equal(null);
  });

  it('connect() refuses such a name before it opens a client (which would be left open)', async function () {
    this.timeout(5_000);
    // nothing listens there: a client would fail with a server selection error, not this refusal
    const error = await rejectionOf(
      MongoReadStore.connect(
        'mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=3000',
        'vip_as-of-2026-11-22T12:00:00.000Z',
      ),
    );
    expect((error as Error).message).to.contain('which MongoDB refuses');
  });
});

/** An error the driver labels transient: withTransaction runs the callback again after it. */
class TransientError extends Error {
  hasErrorLabel(label: string) {
    return label === 'TransientTransactionError';
  }
}

/**
 * A MongoReadStore over a stubbed client, database and collection that record every call with
 * the session it carried, and a session whose withTransaction behaves as the driver's: it
 * runs the callback, commits, aborts on an error, and runs the callback again after a
 * transient one.
 */
function transactionalStub(options: { replicaSet?: boolean; failFirstAttempts?: number } = {}) {
  const calls: { op: string; session: unknown }[] = [];
  const events: string[] = [];
  const warnings: string[] = [];
  let failuresLeft = options.failFirstAttempts ?? 0;
  const session = {
    id: 'session-1',
    async withTransaction<R>(fn: () => Promise<R>): Promise<R> {
      for (let attempt = 1; ; attempt++) {
        events.push(`start ${attempt}`);
        try {
          const result = await fn();
          events.push('commit');
          return result;
        } catch (error) {
          events.push('abort');
          if ((error as TransientError).hasErrorLabel?.('TransientTransactionError') && attempt < 5) continue;
          throw error;
        }
      }
    },
    async endSession() {
      events.push('end');
    },
  };
  const record =
    (op: string, result: unknown = {}) =>
    async (...args: unknown[]) => {
      const last = args[args.length - 1] as { session?: unknown } | undefined;
      calls.push({ op, session: last?.session });
      if (op === 'bulkWrite' && failuresLeft > 0) {
        failuresLeft--;
        throw new TransientError('a failover interrupted the transaction');
      }
      return result;
    };
  const written = { matchedCount: 1, modifiedCount: 1, upsertedCount: 0, deletedCount: 1 };
  const driverCollection = {
    collectionName: 'keys',
    find: (_filter: unknown, findOptions?: { session?: unknown }) => {
      calls.push({ op: 'find', session: findOptions?.session });
      return { sort() {}, skip() {}, limit() {}, project() {}, toArray: async () => [{ _id: 'k1' }] };
    },
    findOne: record('findOne', null),
    countDocuments: record('countDocuments', 3),
    estimatedDocumentCount: record('estimatedDocumentCount', 3),
    insertOne: record('insertOne'),
    replaceOne: record('replaceOne', written),
    updateOne: record('updateOne', written),
    updateMany: record('updateMany', written),
    deleteOne: record('deleteOne', written),
    deleteMany: record('deleteMany', written),
    bulkWrite: record('bulkWrite'),
  };
  const db = {
    collection: () => driverCollection,
    command: async (command: Record<string, unknown>) => {
      events.push(`command ${Object.keys(command)[0]}`);
      return options.replicaSet === false ? { isWritablePrimary: true } : { isWritablePrimary: true, setName: 'rs0' };
    },
  };
  const client = { startSession: () => session, close: async () => undefined };
  const logger = { warn: (message: string) => warnings.push(message) };
  const Constructor = MongoReadStore as unknown as new (
    client: unknown,
    db: unknown,
    ownsClient: boolean,
    logger: unknown,
  ) => MongoReadStore;
  return { store: new Constructor(client, db, true, logger), calls, events, warnings, session };
}

/** Every operation of the port, once. */
async function everyOperation(store: MongoReadStore): Promise<void> {
  const keys = store.collection('keys');
  await keys.findOne({ _id: 'k1' });
  await keys.find({ used: false });
  await keys.countDocuments();
  await keys.countDocuments({ used: false });
  await keys.insertOne({ _id: 'k2' });
  await keys.replaceOne({ slug: 'x' }, { _id: undefined as unknown as string, n: 1 }, { upsert: true });
  await keys.updateOne({ _id: 'k1' }, { $set: { used: true } });
  await keys.updateMany({ used: true }, { $set: { n: 1 } });
  await keys.deleteOne({ _id: 'k2' });
  await keys.deleteMany({ used: true });
  await keys.bulkWrite([{ replaceOne: { filter: { _id: 'k3' }, replacement: { _id: 'k3' }, upsert: true } }]);
}

describe('MongoDB read store transactions (driver stubbed)', () => {
  it('runs a batch as one transaction: every operation inside carries its session, none outside', async () => {
    const { store, calls, events, session } = transactionalStub();
    const result = await store.transaction(async () => {
      await everyOperation(store);
      return 'done';
    });
    expect(result).to.equal('done');
    expect(calls.map((call) => call.op)).to.deep.equal([
      'find',
      'find',
      // a transaction cannot run the count command: the whole count is counted with the session
      'countDocuments',
      'countDocuments',
      'insertOne',
      'findOne',
      'replaceOne',
      'updateOne',
      'updateMany',
      'deleteOne',
      'deleteMany',
      'bulkWrite',
    ]);
    for (const call of calls) expect(call.session, call.op).to.equal(session);
    expect(events).to.deep.equal(['command hello', 'start 1', 'commit', 'end']);

    calls.length = 0;
    await everyOperation(store);
    for (const call of calls) expect(call.session, `${call.op} outside a transaction`).to.equal(undefined);
    expect(calls[2].op).to.equal('estimatedDocumentCount');
  });

  it('aborts the transaction when the work fails, and rejects with its error', async () => {
    const { store, calls, events } = transactionalStub();
    const failure = new Error('projector failed');
    const error = await rejectionOf(
      store.transaction(async () => {
        await store.collection('keys').insertOne({ _id: 'k9' });
        throw failure;
      }),
    );
    expect(error).to.equal(failure);
    expect(events).to.deep.equal(['command hello', 'start 1', 'abort', 'end']);
    expect(calls.map((call) => call.op)).to.deep.equal(['insertOne']);
  });

  it('runs the work again after a transient error, each attempt in the session, and returns the last result', async () => {
    const { store, calls, events, session } = transactionalStub({ failFirstAttempts: 2 });
    let attempts = 0;
    const result = await store.transaction(async () => {
      attempts++;
      await store.collection('keys').findOne({ _id: 'k1' });
      await store.collection('keys').bulkWrite([{ deleteOne: { filter: { _id: 'k1' } } }]);
      return attempts;
    });
    expect(result).to.equal(3);
    expect(events).to.deep.equal(['command hello', 'start 1', 'abort', 'start 2', 'abort', 'start 3', 'commit', 'end']);
    expect(calls).to.have.length(6);
    for (const call of calls) expect(call.session).to.equal(session);
  });

  it('asks the server once whether it has transactions', async () => {
    const { store, events } = transactionalStub();
    await store.transaction(async () => undefined);
    await store.transaction(async () => undefined);
    expect(events.filter((event) => event === 'command hello')).to.have.length(1);
  });

  it('writes without a transaction on a standalone server, and says so once in the log', async () => {
    const { store, calls, events, warnings } = transactionalStub({ replicaSet: false });
    await store.transaction(() => everyOperation(store));
    await store.transaction(() => everyOperation(store));
    for (const call of calls) expect(call.session, call.op).to.equal(undefined);
    expect(events).to.deep.equal(['command hello']);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/standalone server.*no transactions/);
  });
});
