import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readModels, systemActor } from '@vip/contracts';
import {
  closeContainer,
  createContainer,
  type EventStore,
  loadConfig,
  openSeparateReadStore,
  type ReadStore,
  TOKENS,
} from '@vip/platform';
import { expect } from 'chai';

const metadata = { correlationId: 'perm-test', causationId: 'perm-test', actor: systemActor };
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** The embedded stores and the token secret as `npm start` opens them on a DATA_DIR. */
async function openDataDir(dataDir: string): Promise<() => Promise<void>> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const container = await createContainer(config, 'permissions-test');
  const eventStore = await container.getAsync<EventStore>(TOKENS.eventStore);
  const readStore = await container.getAsync<ReadStore>(TOKENS.readStore);
  await container.getAsync(TOKENS.sessionTokens); // generates DATA_DIR/jwt-secret
  // writes, so that both databases have their -wal and -shm files
  await eventStore.append('perm-test', [{ type: 'GuildLeft', data: { guildId: '1', leftAt: 'x' }, metadata }], 'any');
  await readStore
    .collection(readModels.checkpoints)
    .replaceOne(
      { _id: 'perm-test' },
      { _id: 'perm-test', position: 1, updatedAt: new Date().toISOString() },
      { upsert: true },
    );
  const replay = await openSeparateReadStore(config, 'as-of-1');
  await replay.store
    .collection(readModels.checkpoints)
    .replaceOne(
      { _id: 'perm-test' },
      { _id: 'perm-test', position: 1, updatedAt: new Date().toISOString() },
      { upsert: true },
    );
  return async () => {
    await replay.store.close();
    await closeContainer(container);
  };
}

/** Every file under `dir` with its mode, for the assertion message. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { '.': modeOf(dir) };
  for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) {
    found[entry] = modeOf(path.join(dir, entry));
  }
  return found;
}

describe('DATA_DIR permissions', () => {
  let root: string;
  let umask: number;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-perms-'));
    // the usual umask, which leaves new files world-readable unless the product says otherwise
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a new DATA_DIR is 0700 and the log, the read models, their -wal/-shm, the secret and replays are 0600', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const close = await openDataDir(dataDir);
    try {
      const found = modes(dataDir);
      for (const file of ['events.sqlite', 'read-models.sqlite']) {
        for (const suffix of ['-wal', '-shm'])
          expect(found, 'SQLite keeps its WAL files open').to.have.property(file + suffix);
      }
      expect(found).to.have.property('jwt-secret');
      expect(found).to.have.property(path.join('replays', 'as-of-1.sqlite'));
      const expected = Object.fromEntries(
        Object.keys(found).map((entry) => [entry, entry === '.' || entry === 'replays' ? '700' : '600']),
      );
      expect(found).to.deep.equal(expected);
    } finally {
      await close();
    }
  });

  it('a DATA_DIR left world-readable by an older version is tightened at start', async () => {
    const dataDir = path.join(root, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    for (const file of ['events.sqlite', 'events.sqlite-wal', 'read-models.sqlite', 'jwt-secret']) {
      fs.writeFileSync(path.join(dataDir, file), file === 'jwt-secret' ? 'an-old-secret-of-enough-length-here' : '');
      fs.chmodSync(path.join(dataDir, file), 0o644);
    }
    const close = await openDataDir(dataDir);
    try {
      const found = modes(dataDir);
      expect(found['.']).to.equal('700');
      for (const [entry, mode] of Object.entries(found)) {
        if (entry !== '.' && entry !== 'replays') expect(mode, entry).to.equal('600');
      }
    } finally {
      await close();
    }
  });
});
