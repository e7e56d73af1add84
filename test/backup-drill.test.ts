import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnnouncementView } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api, healthDetails, login } from './support/http.ts';

const backup = (dataDir: string, out: string) => runCli('src/cli/backup.ts', ['--out', out], { DATA_DIR: dataDir });
const verify = (dataDir: string) => runCli('projections/src/cli/audit.ts', ['verify'], { DATA_DIR: dataDir });

/**
 * The restore drill of docs/operations.md, as an operator runs it: `npm run backup` while the
 * product answers a stream of writes over HTTP, then `DATA_DIR=<the copy> npm start`. Every
 * write acknowledged before the backup began is in the restored product, a session from
 * before still works, the read models catch up and the sealed chain verifies.
 */
describe('backup and restore drill (issue #31 items 1-3)', function () {
  this.timeout(180_000);
  let product: SpawnedProduct | undefined;
  let restored: SpawnedProduct | undefined;
  const folders: string[] = [];
  after(async () => {
    await restored?.stop();
    await product?.stop();
    for (const folder of folders) removeDataDir(folder);
    if (product) removeDataDir(product.dataDir);
  });

  it('copies the running product under writes, and the copy starts whole', async () => {
    product = await startAllInOne();
    const token = await login(product.url, ADMIN.username, ADMIN.password);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vip-backup-')), 'copy');
    folders.push(path.dirname(out));

    // writes acknowledged one after another until the backup has finished
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 450; i++) {
        const created = await api<AnnouncementView>(product!.url, 'POST', '/api/announcements', {
          token,
          body: { title: `Write ${i}`, content: 'kept by the backup' },
        });
        expect(created.status, JSON.stringify(created.body)).to.equal(201);
        acknowledged.push({ id: created.body.id, at: performance.now() });
        // paced, so the list the restored product answers (its newest 500) holds them all
        await sleep(10);
      }
    })();
    while (acknowledged.length < 10) await sleep(10);
    const began = performance.now();
    const result = await backup(product.dataDir, out);
    const ended = performance.now();
    writing = false;
    await writes;
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('Backed up');
    const beforeStart = acknowledged.filter((write) => write.at < began);
    expect(
      acknowledged.some((write) => write.at > began && write.at < ended),
      'writes were acknowledged while the backup ran',
    ).to.equal(true);

    // private like DATA_DIR: the folder 0700, each file 0600; the secret and every store in it
    expect(fs.statSync(out).mode & 0o777).to.equal(0o700);
    const files = fs.readdirSync(out).sort();
    expect(files).to.include.members(['events.sqlite', 'read-models.sqlite', 'jwt-secret']);
    for (const file of files) expect(fs.statSync(path.join(out, file)).mode & 0o777, file).to.equal(0o600);
    expect(fs.readFileSync(path.join(out, 'jwt-secret'), 'utf8')).to.equal(
      fs.readFileSync(path.join(product.dataDir, 'jwt-secret'), 'utf8'),
    );

    // a second backup into the same folder is refused and leaves the first one as it was
    const again = await backup(product.dataDir, out);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('is not empty');
    expect(fs.readdirSync(out).sort()).to.deep.equal(files);

    // the restore: the copy as DATA_DIR of a product started on it
    restored = await startAllInOne({ dataDir: out });
    const listed = await api<AnnouncementView[]>(restored.url, 'GET', '/api/announcements', { token });
    expect(listed.status, 'the session from before the backup is still valid').to.equal(200);
    const ids = new Set(listed.body.map((announcement) => announcement.id));
    const missing = beforeStart.filter((write) => !ids.has(write.id));
    expect(missing, 'writes acknowledged before the backup began').to.deep.equal([]);
    const health = (await healthDetails(restored.url)).body;
    for (const projection of health.projections)
      expect(projection.checkpoint, projection.name).to.equal(health.eventStore.headPosition);
    await restored.stop();
    restored = undefined;

    const verified = await verify(out);
    expect(verified.code, verified.stdout + verified.stderr).to.equal(0);
  });

  it('refuses a DATA_DIR without a log, and says what is missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-empty-'));
    folders.push(empty);
    const result = await backup(empty, path.join(empty, 'out'));
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('holds no log');
  });
});
