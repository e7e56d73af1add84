import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AnnouncementView } from '@vip/contracts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails, login } from './support/http.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** `npm start` on a data dir, to its exit: the exit code and what it printed. */
function startToExit(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * The log lost its last events while the read models kept them (a power cut on an older
 * version, a log restored from a backup): `npm start` refuses to serve, naming `npm run
 * rebuild`; with REBUILD_ON_DIVERGENCE=true it rebuilds them and serves what the log holds.
 */
describe('npm start on read models ahead of the event log', function () {
  this.timeout(90_000);
  let product: SpawnedProduct | undefined;
  let dataDir: string;

  after(async () => {
    await product?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  it('refuses with a message naming npm run rebuild, or rebuilds when told to', async () => {
    product = await startAllInOne();
    dataDir = product.dataDir;
    const token = await login(product.url, ADMIN.username, ADMIN.password);
    const post = (title: string) =>
      api<AnnouncementView>(product!.url, 'POST', '/api/announcements', { token, body: { title, content: title } });
    expect((await post('Kept')).status).to.equal(201);
    const keptAt = (await healthDetails(product.url)).body.eventStore.headPosition!;
    expect((await post('Lost')).status).to.equal(201);
    await product.stop();
    product = undefined;

    // the log loses its tail: everything after the first announcement
    const log = new Database(path.join(dataDir, 'events.sqlite'));
    log.prepare('DELETE FROM events WHERE position > ?').run(keptAt);
    log.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'").run(keptAt);
    log.close();

    const refused = await startToExit(dataDir);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.contain('The read models are ahead of the event log');
    expect(refused.output).to.contain(`but the log ends at position ${keptAt}`);
    expect(refused.output).to.contain('npm run rebuild');
    expect(refused.output).not.to.match(/\n\s+at /); // the message, not a stack trace

    product = await startAllInOne({ dataDir, env: { REBUILD_ON_DIVERGENCE: 'true' } });
    const health = (await healthDetails(product.url)).body;
    expect(health.eventStore.headPosition).to.equal(keptAt);
    for (const projection of health.projections) expect(projection.checkpoint ?? 0).to.be.at.most(keptAt);
    const again = await login(product.url, ADMIN.username, ADMIN.password);
    const listed = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token: again });
    expect(listed.body.map((announcement) => announcement.title)).to.deep.equal(['Kept']);
    // and what is written next is projected, though it takes the lost event's position
    const next = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token: again,
      body: { title: 'Next', content: 'next' },
    });
    expect(next.status).to.equal(201);
    const after = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token: again });
    expect(after.body.map((announcement) => announcement.title)).to.have.members(['Kept', 'Next']);
  });
});
