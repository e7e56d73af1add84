import fs from 'node:fs';
import path from 'node:path';
import type { AnnouncementView } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api, healthDetails, login } from './support/http.ts';

describe('replay and verify: the event log as an auditor uses it', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let positionAfterFirst: number;

  before(async () => {
    product = await startAllInOne();
    const token = await login(product.url, ADMIN.username, ADMIN.password);
    await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'First', content: 'one' },
    });
    positionAfterFirst = (await healthDetails(product.url)).body.eventStore.headPosition!;
    await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'Second', content: 'two' },
    });
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('verify finds the live read models equal to a rebuild, while the server runs', async () => {
    const result = await runCli('projections/src/cli/verify.ts', [], { DATA_DIR: product.dataDir });
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^OK: \d+ read models equal a rebuild from position 0 to \d+/m);
    // its scratch copy of every read model is gone
    const left = fs.existsSync(path.join(product.dataDir, 'replays'))
      ? fs.readdirSync(path.join(product.dataDir, 'replays')).filter((name) => name.startsWith('verify-'))
      : [];
    expect(left).to.deep.equal([]);
  });

  it('replay --until an ISO time builds the state as of that time, and exits', async () => {
    const result = await runCli('projections/src/cli/replay.ts', ['--until', new Date().toISOString()], {
      DATA_DIR: product.dataDir,
    });
    expect(result.code, result.stderr).to.equal(0);
    const asOf = new SqliteReadStore(result.stdout.trim());
    try {
      expect(await asOf.collection('announcements').countDocuments()).to.equal(2);
    } finally {
      await asOf.close();
    }
  });

  it('replay --until builds the state as of that position into a separate store', async () => {
    const result = await runCli('projections/src/cli/replay.ts', ['--until', String(positionAfterFirst)], {
      DATA_DIR: product.dataDir,
    });
    expect(result.code, result.stderr).to.equal(0);
    const file = result.stdout.trim();
    expect(file).to.equal(path.join(product.dataDir, 'replays', `as-of-${positionAfterFirst}.sqlite`));
    const asOf = new SqliteReadStore(file);
    try {
      const titles = (await asOf.collection('announcements').find({})).map((doc) => doc.title);
      expect(titles).to.deep.equal(['First']);
    } finally {
      await asOf.close();
    }
    // the live read models still hold both
    const token = await login(product.url, ADMIN.username, ADMIN.password);
    expect((await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token })).body).to.have.length(2);
  });

  it('verify reports a read model that was changed behind the projections, and exits 1', async () => {
    const live = new SqliteReadStore(path.join(product.dataDir, 'read-models.sqlite'));
    await live.collection('announcements').updateOne({ title: 'First' }, { $set: { title: 'Tampered' } });
    await live.close();
    const result = await runCli('projections/src/cli/verify.ts', [], { DATA_DIR: product.dataDir });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.contain('announcements');
    expect(result.stdout).to.contain('different');
    expect(result.stdout).to.contain('Tampered');
  });
});
