import { expect } from 'chai';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';
import {
  emptyCollectionSets,
  readCollectionSets,
  saveCollectionSets,
  VersionedReadStore,
} from '../src/read-store/versioned-read-store.ts';

describe('VersionedReadStore: read models by logical name, wherever their active version lives', () => {
  let physical: SqliteReadStore;
  beforeEach(async () => {
    physical = new SqliteReadStore(':memory:');
    await physical.collection('audit').insertOne({ _id: 'a', version: 2 });
    await physical.collection('audit__v3').insertOne({ _id: 'a', version: 3 });
    await physical.collection('keys__v2').insertOne({ _id: 'k', building: true });
    await physical.collection('users').insertOne({ _id: 'u' });
  });
  afterEach(() => physical.close());

  it('reads a collection under its own name until the sets name another, then there', async () => {
    const store = new VersionedReadStore(physical, { refreshMs: 0 });
    const audit = store.collection('audit');
    expect(await audit.findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', version: 2 });
    await saveCollectionSets(physical, {
      ...emptyCollectionSets(),
      names: { audit: 'audit__v3' },
      building: { keys: { version: 2, collections: { keys: 'keys__v2' }, startedAt: '' } },
      retired: { audit_old: '' },
    });
    // the same handle follows the switch
    expect(await audit.findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', version: 3 });
    await audit.updateOne({ _id: 'a' }, { $set: { seen: true } });
    expect(await physical.collection('audit__v3').findOne({ _id: 'a' })).to.include({ seen: true });
    expect(await physical.collection('audit').findOne({ _id: 'a' })).to.not.have.property('seen');
    // logical names only: no set being built, none replaced
    expect(await store.listCollections()).to.deep.equal(['audit', 'read_model_sets', 'users']);
  });

  it('reads the sets at most once per refresh, and at once after adopting what this process wrote', async () => {
    const store = new VersionedReadStore(physical, { refreshMs: 60_000 });
    for (let i = 0; i < 50; i++) await store.collection('audit').findOne({ _id: 'a' });
    expect(store.reads).to.equal(1);
    const sets = { ...(await readCollectionSets(physical)), names: { audit: 'audit__v3' } };
    await saveCollectionSets(physical, sets);
    // another process's switch is seen at the next refresh, not before
    expect(await store.collection('audit').findOne({ _id: 'a' })).to.include({ version: 2 });
    store.adopt(sets);
    expect(await store.collection('audit').findOne({ _id: 'a' })).to.include({ version: 3 });
    expect(store.reads).to.equal(1);
  });
});
