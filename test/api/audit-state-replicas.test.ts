import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type AuditPageResponse, type AuditStateResponse, auditWorkbenchTexts } from '@vip/contracts';
import { closeContainer, createContainer, loadConfig } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { createQueryApp, resolveQueryDeps } from '@vip/query-service';
import { expect } from 'chai';
import { stateBuildsCollection } from '../../query-service/src/audit/state-builds.ts';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { eventually } from '../support/seed.ts';

interface Replica {
  url: string;
  close(): Promise<void>;
}

/** A query-service replica in this process: every replica here has the same process id, as containers' may. */
async function replica(dataDir: string): Promise<Replica> {
  const container = await createContainer(
    loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUDIT_REPLAYS_AT_ONCE: '1' }),
    'query-service',
  );
  const server = http.createServer(createQueryApp(await resolveQueryDeps(container)).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeContainer(container);
    },
  };
}

const buildsStarted = async (url: string) => {
  const line = (await (await fetch(`${url}/metrics`)).text())
    .split('\n')
    .find((row) => row.startsWith('vip_audit_state_builds_total'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

describe('"state as of here" across query-service replicas: one build per position, coordinated in the read store', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let replicas: Replica[];
  let token: string;
  let positions: number[];
  let store: SqliteReadStore;
  const state = (at: Replica, position: number) =>
    api<AuditStateResponse & { error?: string }>(at.url, 'GET', `/api/admin/audit/state/${position}`, { token });
  const ready = async (at: Replica, position: number) => {
    let answer: AuditStateResponse | undefined;
    await eventually(
      async () => {
        const response = await state(at, position);
        expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 202]);
        answer = response.body;
        return response.status === 200;
      },
      60_000,
      `the state as of ${position}`,
    );
    return answer!;
  };

  before(async () => {
    product = await startAllInOne();
    token = await login(product.url, ADMIN.username, ADMIN.password);
    const page = await api<AuditPageResponse>(product.url, 'GET', '/api/admin/audit?limit=3', { token });
    positions = page.body.events.map((event) => event.position);
    replicas = [await replica(product.dataDir), await replica(product.dataDir)];
    store = new SqliteReadStore(path.join(product.dataDir, 'read-models.sqlite'));
  });
  after(async () => {
    for (const each of replicas ?? []) await each.close();
    await store?.close();
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('two replicas asked for the same position at once build it once, and both answer its progress, then its state', async () => {
    const [a, b] = replicas;
    const first = await Promise.all([state(a, positions[0]), state(b, positions[0])]);
    expect(first.map((response) => response.status)).to.deep.equal([202, 202]);
    const [fromA, fromB] = [await ready(a, positions[0]), await ready(b, positions[0])];
    expect(fromA).to.deep.equal(fromB);
    expect(fromA).to.include({ status: 'ready', position: positions[0] });
    const started = (await buildsStarted(a.url)) + (await buildsStarted(b.url)) + (await buildsStarted(product.url));
    expect(started).to.equal(1);
    // the replays at once are counted across replicas: one building on A is one too many for B
    const building = await state(a, positions[1]);
    expect(building.status).to.equal(202);
    const refused = await state(b, positions[2]);
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.equal(auditWorkbenchTexts.tooManyReplays);
    await ready(b, positions[1]);
  });

  it('a build whose replica died is taken over; a failed one is said once, then built again', async () => {
    const [a, b] = replicas;
    const long = new Date(Date.now() - 120_000).toISOString();
    const builds = store.collection(stateBuildsCollection);
    await builds.deleteOne({ _id: String(positions[2]) });
    await builds.insertOne({
      _id: String(positions[2]),
      position: positions[2],
      status: 'building',
      buildId: 'a-replica-that-died',
      owner: 'gone:1',
      progress: null,
      startedAt: long,
      heartbeatAt: long,
    });
    expect((await state(a, positions[2])).status).to.equal(202);
    expect(await ready(b, positions[2])).to.include({ status: 'ready', position: positions[2] });
    expect(await builds.findOne({ _id: String(positions[2]) })).to.not.include({ buildId: 'a-replica-that-died' });

    await builds.updateOne({ _id: String(positions[2]) }, { $set: { status: 'failed' } });
    const failed = await state(b, positions[2]);
    expect(failed.status).to.equal(500);
    expect((await state(a, positions[2])).status).to.equal(202);
    await ready(a, positions[2]);
  });
});
