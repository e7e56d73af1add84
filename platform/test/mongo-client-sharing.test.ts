/**
 * Issue #19 item 15: the rate counter (and the snapshot store) opened MongoClients of their
 * own beside the read store's, each with its own pool of connections. A process now opens
 * one and its stores share it; checked on a stubbed driver (no MongoDB runs here).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { MongoClient } from 'mongodb';
import { loadConfig } from '../src/config.ts';
import { closeContainer, createContainer } from '../src/container.ts';
import { TOKENS } from '../src/tokens.ts';

/** A client whose databases hand out collections that answer nothing, recording what is asked. */
function stubbedClient() {
  const asked: string[] = [];
  const collection = (name: string) => ({
    collectionName: name,
    findOne: async () => null,
    createIndex: async () => 'index',
  });
  const client = {
    db: (name: string) => {
      asked.push(`db ${name}`);
      return { collection };
    },
    close: async () => {
      asked.push('close');
    },
  };
  return { client: client as unknown as MongoClient, asked };
}

describe('one MongoClient per process (driver stubbed)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-mongo-client-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the read store, the rate counter and the snapshot store share the one client, closed once at the end', async () => {
    const { client, asked } = stubbedClient();
    const connected: string[] = [];
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // nothing answers here: a store that connected by itself would fail fast
      MONGODB_URL: 'mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300',
      MONGODB_DATABASE: 'vip_shared',
    });
    const container = await createContainer(config, 'command-service', {
      connectMongo: async (url) => {
        connected.push(url);
        return client;
      },
    });
    const [readStore, counter, snapshots] = await Promise.all([
      container.getAsync(TOKENS.readStore),
      container.getAsync(TOKENS.rateCounter),
      container.getAsync(TOKENS.snapshotStore),
    ]);
    expect([readStore.adapterName, counter.adapterName, snapshots.adapterName]).to.deep.equal([
      'mongodb',
      'mongodb',
      'mongodb',
    ]);
    expect(await snapshots.load('nothing-yet')).to.equal(null);
    expect(connected).to.deep.equal([config.mongodbUrl]);
    await closeContainer(container);
    expect(asked.filter((call) => call === 'close')).to.have.length(1);
    expect(asked.at(-1)).to.equal('close');
    expect(new Set(asked.filter((call) => call.startsWith('db ')))).to.deep.equal(new Set(['db vip_shared']));
  });

  it('opens no client where nothing uses MongoDB', async () => {
    const connected: string[] = [];
    const container = await createContainer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'command-service', {
      connectMongo: async (url) => {
        connected.push(url);
        return stubbedClient().client;
      },
    });
    await container.getAsync(TOKENS.rateCounter);
    await closeContainer(container);
    expect(connected).to.deep.equal([]);
  });
});
