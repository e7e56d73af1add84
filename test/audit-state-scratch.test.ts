import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { currentSchemaVersion, type DomainEvent } from '@vip/contracts';
import { scratchFolder, stateAsOfScratchLabel } from '@vip/platform';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { eventually, withEventStore } from './support/seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const metadata = { correlationId: 'seed', causationId: 'seed', actor: { kind: 'system' as const, id: 'seed' } };
const post = (id: string): DomainEvent => ({
  type: 'AnnouncementPosted',
  data: {
    announcementId: id,
    title: id,
    content: id,
    priority: 'low',
    authorId: 'u1',
    postedAt: new Date().toISOString(),
  },
});

/**
 * A "state as of" build as the query service runs it (`npm run audit -- state` in a process
 * of its own), stopped with `signal` once it has started replaying: the scratch file it
 * replays into, and whether that file is left once the process is gone.
 */
async function buildStoppedBy(dataDir: string, position: number, build: string, signal: NodeJS.Signals) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'projections/src/cli/audit.ts', 'state', '--position', String(position), '--build', build],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve) => lines.once('line', resolve));
  expect(first, 'the build had started replaying').to.include('progress');
  const file = path.join(scratchFolder(dataDir), `${stateAsOfScratchLabel(build)}.sqlite`);
  expect(fs.existsSync(file), 'its scratch store exists while it replays').to.equal(true);
  child.kill(signal);
  await exited;
  return file;
}

/**
 * Issue #31 item 5: a "state as of" build killed mid-way (SIGKILL, a crash, its query-service
 * restarted, another replica taking it over) left its scratch copy of the read models in
 * DATA_DIR forever. A build stopped by a signal removes it itself; the next start sweeps
 * what a SIGKILL left, and keeps the store of a build that is still writing.
 */
describe('"state as of" scratch stores left by killed builds (issue #31 item 5)', function () {
  this.timeout(180_000);
  let product: SpawnedProduct | undefined;
  let dataDir: string;
  let head: number;

  before(async () => {
    product = await startAllInOne();
    dataDir = product.dataDir;
    await product.stop();
    product = undefined;
    // a log long enough that a replay is still running when it is stopped
    head = await withEventStore(dataDir, async (store) => {
      let position = 0;
      for (let i = 0; i < 30; i++) {
        const events = Array.from({ length: 1000 }, (_, j) => ({
          ...post(`a${i}-${j}`),
          metadata: { ...metadata, schemaVersion: currentSchemaVersion('AnnouncementPosted') },
        }));
        position = (await store.append(`announcement-batch-${i}`, events, 'any')).position;
      }
      return position;
    });
    // the audit index must know the position: the product projects it
    product = await startAllInOne({ dataDir });
    await product.stop();
    product = undefined;
  });
  after(async () => {
    await product?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  it('a build stopped by SIGTERM removes its scratch store', async () => {
    const file = await buildStoppedBy(dataDir, head, 'stopped-build', 'SIGTERM');
    expect(fs.existsSync(file)).to.equal(false);
  });

  it('the next start removes the scratch store a SIGKILL left, and keeps one still written to', async () => {
    const killed = await buildStoppedBy(dataDir, head, 'killed-build', 'SIGKILL');
    expect(fs.existsSync(killed), 'SIGKILL leaves it behind').to.equal(true);
    // killed longer ago than a build may go without a heartbeat
    const past = new Date(Date.now() - 60_000);
    for (const suffix of ['', '-wal', '-shm'])
      if (fs.existsSync(`${killed}${suffix}`)) fs.utimesSync(`${killed}${suffix}`, past, past);
    // a build of another process, writing right now
    const running = path.join(scratchFolder(dataDir), `${stateAsOfScratchLabel('running-build')}.sqlite`);
    fs.writeFileSync(running, '');

    product = await startAllInOne({ dataDir });
    await eventually(async () => !fs.existsSync(killed), 30_000, 'the sweep at start');
    expect(product.output()).to.include('removed the scratch stores');
    expect(fs.existsSync(running), 'a store still written to is kept').to.equal(true);
  });
});
