import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { usingStore } from '../src/cli/scratch-store.ts';

/** How replay and verify let go of the stores they open: on every path, a failure included. */
describe('the CLIs’ scratch stores', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-scratch-'));
    file = path.join(dir, 'scratch.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const failing = async () => {
    throw new Error('the replay failed half-way');
  };
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: Error) => error.message,
    );

  it('destroy: verify’s copy is gone afterwards, whether it succeeded or failed', async () => {
    const answer = await usingStore(new SqliteReadStore(file), 'destroy', async (store) => {
      await store.collection('keys').insertOne({ _id: 'k' });
      return 'compared';
    });
    expect(answer).to.equal('compared');
    expect(fs.existsSync(file)).to.equal(false);

    const store = new SqliteReadStore(file);
    expect(await rejection(usingStore(store, 'destroy', failing))).to.equal('the replay failed half-way');
    expect(fs.existsSync(file)).to.equal(false);
  });

  it('close: a replay as of a time is kept for inspection, and closed even when it failed', async () => {
    const store = new SqliteReadStore(file);
    expect(
      await rejection(
        usingStore(store, 'close', async (scratch) => {
          await scratch.collection('keys').insertOne({ _id: 'k' });
          return failing();
        }),
      ),
    ).to.equal('the replay failed half-way');
    expect(fs.existsSync(file)).to.equal(true);
    let closed = false;
    await store
      .collection('keys')
      .find()
      .catch(() => (closed = true));
    expect(closed, 'the store was closed').to.equal(true);
  });
});
