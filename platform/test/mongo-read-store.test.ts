/**
 * What the MongoDB read store does that a server-less machine can still check: the adapter
 * around a stubbed driver (the calls it makes), and the names it gives scratch databases.
 */
import { expect } from 'chai';
import { MongoReadStore, databaseNameRefusal, scratchDatabaseName } from '../src/read-store/mongo-read-store.ts';
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
