import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  announcementReadModels,
  auditReadModels,
  authReadModels,
  greetingReadModels,
  keyReadModels,
  serverReadModels,
  statsReadModels,
  subscriptionReadModels,
  vipRoleReadModels,
  whitelistReadModels,
} from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, compareReadModels, ProjectionRunner, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import { pino } from 'pino';
import { writeMixedLog } from './support/mixed-log.ts';

const EVENTS = 100_000;

/**
 * The auditor's promise at scale: the read models the live runner built batch by batch
 * (small batches, as events arrive) equal every rebuild from position 0 (large pages), over
 * a log of every kind of event — and what reached the SQLite files equals what was cached.
 */
describe(`${EVENTS.toLocaleString('en')} mixed events: live read models equal every rebuild`, function () {
  this.timeout(120_000);
  let dir: string;
  const silent = pino({ level: 'silent' });

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-replay-100k-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds them live with the runner, rebuilds them twice, and finds no difference', async () => {
    const started = performance.now();
    const log = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const live = new SqliteReadStore(path.join(dir, 'live.sqlite'));
    try {
      const written = await writeMixedLog(log, { events: EVENTS });
      expect(written.events).to.be.at.least(EVENTS);

      const runner = new ProjectionRunner(log, live, allProjectors, silent, { maxBatchSize: 500 });
      await runner.start();
      await runner.stop();
      for (const projector of allProjectors)
        expect(runner.checkpointOf(projector.name), projector.name).to.equal(written.events);
      // every event reached the audit trail: none was skipped as not matching its schema
      expect(await live.collection(auditReadModels.audit).countDocuments()).to.equal(written.events);
      // and the log really exercised every area
      for (const collection of [
        authReadModels.users,
        announcementReadModels.announcements,
        serverReadModels.guilds,
        greetingReadModels.greetings,
        serverReadModels.userServers,
        keyReadModels.keys,
        vipRoleReadModels.vipRoles,
        keyReadModels.visitors,
        statsReadModels.daily,
        whitelistReadModels.whitelist,
        subscriptionReadModels.subscriptions,
      ]) {
        expect(await live.collection(collection).countDocuments(), collection).to.be.greaterThan(0);
      }

      for (const run of [1, 2]) {
        const file = path.join(dir, `rebuild-${run}.sqlite`);
        const scratch = new SqliteReadStore(file);
        const result = await rebuildReadModels(log, scratch, allProjectors);
        await scratch.close();
        expect(result.events).to.equal(written.events);
        // compare what reached the files, not just the caches
        const [liveFromFile, rebuiltFromFile] = [
          new SqliteReadStore(path.join(dir, 'live.sqlite')),
          new SqliteReadStore(file),
        ];
        try {
          const differences = await compareReadModels(liveFromFile, rebuiltFromFile, allProjectors);
          expect(differences.slice(0, 5), `${differences.length} differences after rebuild ${run}`).to.deep.equal([]);
        } finally {
          await Promise.all([liveFromFile.close(), rebuiltFromFile.close()]);
        }
      }
    } finally {
      await Promise.all([log.close(), live.close()]);
    }
    expect((performance.now() - started) / 1000, 'seconds').to.be.below(60);
  });
});
