import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { MongoClient } from 'mongodb';
import { loadConfig } from '../src/config.ts';
import {
  removeScratchStores,
  scratchFolder,
  stateAsOfScratchLabel,
  stateAsOfScratchPrefix,
} from '../src/read-store/scratch-stores.ts';

/** A MongoDB client that lists `names` as its databases and notes which ones are dropped. */
function stubbedClient(names: string[]) {
  const dropped: string[] = [];
  let closed = false;
  const client = {
    db: (name?: string) => ({
      admin: () => ({ listDatabases: async () => ({ databases: names.map((each) => ({ name: each })) }) }),
      dropDatabase: async () => {
        dropped.push(name!);
        return true;
      },
    }),
    close: async () => {
      closed = true;
    },
  } as unknown as MongoClient;
  return { client, dropped, closed: () => closed };
}

/** Issue #31 item 5: the scratch stores of "state as of" builds no process runs are removed, the others kept. */
describe('removing the scratch stores of builds that no process runs', () => {
  it('MongoDB: drops <db>_audit-state-* but those of builds alive, and nothing else', async () => {
    const { client, dropped, closed } = stubbedClient([
      'vip_access',
      'vip_access_audit-state-dead-build',
      'vip_access_audit-state-live-build',
      'vip_access_verify-2026',
      'other_audit-state-dead-build',
    ]);
    const config = { ...loadConfig({}), mongodbUrl: 'mongodb://stub', mongodbDatabase: 'vip_access' };
    const removed = await removeScratchStores(config, stateAsOfScratchPrefix, {
      keep: [stateAsOfScratchLabel('live-build')],
      idleMs: 30_000,
      connectMongo: async () => client,
    });
    expect(removed).to.deep.equal(['vip_access_audit-state-dead-build']);
    expect(dropped).to.deep.equal(['vip_access_audit-state-dead-build']);
    expect(closed()).to.equal(true);
  });

  it('embedded: removes an idle file and its side files, keeps a live build, a fresh file and other scratch stores', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-scratch-'));
    try {
      const folder = scratchFolder(dataDir);
      fs.mkdirSync(folder);
      const file = (label: string) => path.join(folder, `${label}.sqlite`);
      const past = new Date(Date.now() - 60_000);
      for (const name of [
        file(stateAsOfScratchLabel('dead')),
        `${file(stateAsOfScratchLabel('dead'))}-wal`,
        file(stateAsOfScratchLabel('alive')),
        file('verify-1'),
      ]) {
        fs.writeFileSync(name, '');
        fs.utimesSync(name, past, past);
      }
      fs.writeFileSync(file(stateAsOfScratchLabel('just-started')), '');
      const removed = await removeScratchStores({ ...loadConfig({}), dataDir }, stateAsOfScratchPrefix, {
        keep: [stateAsOfScratchLabel('alive')],
        idleMs: 30_000,
      });
      expect(removed).to.deep.equal([file(stateAsOfScratchLabel('dead'))]);
      expect(fs.readdirSync(folder).sort()).to.deep.equal(
        [
          `${stateAsOfScratchLabel('alive')}.sqlite`,
          `${stateAsOfScratchLabel('just-started')}.sqlite`,
          'verify-1.sqlite',
        ].sort(),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
