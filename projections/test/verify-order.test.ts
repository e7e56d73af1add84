import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { defineProjector } from '../src/projector.ts';
import { compareReadModels } from '../src/verify.ts';

const projector = defineProjector({
  name: 'things',
  collections: ['things'],
  handles: ['AnnouncementPosted'],
  apply() {},
});

describe("comparing live read models with a rebuild, in the stores' order of ids", () => {
  it('walks both collections page by page in _id order and reports each difference once', async () => {
    const [live, rebuilt] = [new SqliteReadStore(':memory:'), new SqliteReadStore(':memory:')];
    // more than a page, ids whose UTF-8 order is not JavaScript's ('\uff01' before the emoji in JavaScript)
    const ids = [...Array.from({ length: 2500 }, (_, i) => `t${String(i).padStart(5, '0')}`), '\uff01', '😀', 'é'];
    await live.transaction(async () => {
      for (const id of ids) if (id !== 't01000') await live.collection('things').insertOne({ _id: id, n: 1 });
    });
    await rebuilt.transaction(async () => {
      for (const id of ids)
        if (id !== '😀') await rebuilt.collection('things').insertOne({ _id: id, n: id === 't02222' ? 2 : 1 });
    });
    const differences = await compareReadModels(live, rebuilt, [projector]);
    expect(differences).to.deep.equal([
      { collection: 'things', id: 't01000', kind: 'missing in live', rebuilt: { _id: 't01000', n: 1 } },
      {
        collection: 'things',
        id: 't02222',
        kind: 'different',
        live: { _id: 't02222', n: 1 },
        rebuilt: { _id: 't02222', n: 2 },
      },
      { collection: 'things', id: '😀', kind: 'missing in rebuild', live: { _id: '😀', n: 1 } },
    ]);
    expect(await compareReadModels(live, live, [projector])).to.deep.equal([]);
    await Promise.all([live.close(), rebuilt.close()]);
  });
});
