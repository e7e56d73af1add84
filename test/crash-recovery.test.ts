import path from 'node:path';
import type { AnnouncementView } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails, login } from './support/http.ts';
import { readModelSnapshot } from './support/read-models.ts';
import { openProductLog } from './support/seed.ts';

describe('a crash right after an acknowledged write', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let dataDir: string;

  after(async () => {
    await product?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  it('keeps the write, resumes the projections from their checkpoint, and matches a rebuild from 0', async () => {
    product = await startAllInOne();
    dataDir = product.dataDir;
    const token = await login(product.url, ADMIN.username, ADMIN.password);
    const kept: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
        token,
        body: { title: `Kept ${i}`, content: 'survives' },
      });
      expect(created.status).to.equal(201);
      kept.push(created.body.id);
    }
    const beforeKill = (await healthDetails(product.url)).body;
    await product.kill();

    product = await startAllInOne({ dataDir, env: { LOG_LEVEL: 'info' } });
    const resumed = /"after":(\d+|null)[^\n]*projections resuming from their checkpoint/.exec(product.output());
    expect(resumed, product.output()).to.not.equal(null);
    const checkpointBefore = Math.min(...beforeKill.projections.map((p) => p.checkpoint ?? 0));
    expect(Number(resumed![1])).to.equal(checkpointBefore);

    // the session token survives the restart as well
    const listed = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token });
    expect(listed.status).to.equal(200);
    expect(listed.body.map((a) => a.id)).to.have.members(kept);

    const health = (await healthDetails(product.url)).body;
    for (const projection of health.projections) expect(projection.checkpoint).to.equal(health.eventStore.headPosition);
    await product.stop();

    // read as the product reads it: a panel user's name is stored encrypted with their key
    const eventStore = openProductLog(dataDir);
    const live = new SqliteReadStore(path.join(dataDir, 'read-models.sqlite'));
    const scratch = new SqliteReadStore(':memory:');
    try {
      await rebuildReadModels(eventStore, scratch, allProjectors);
      for (const projector of allProjectors) {
        for (const collection of projector.collections) {
          expect(await readModelSnapshot(scratch, collection), collection).to.deep.equal(
            await readModelSnapshot(live, collection),
          );
        }
      }
      expect((await readModelSnapshot(live, 'announcements')).length).to.equal(kept.length);
    } finally {
      await Promise.all([eventStore.close(), live.close(), scratch.close()]);
    }
  });
});
