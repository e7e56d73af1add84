import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AuditDocument, auditReadModels } from '@vip/contracts';
import {
  type ReadAllOptions,
  type RecordedEvent,
  readCheckpoints,
  readCollectionSets,
  VersionedReadStore,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { writeMixedLog } from '../../test/support/mixed-log.ts';
import { eventually } from '../../test/support/seed.ts';
import type { Projector } from '../src/projector.ts';
import { auditProjector } from '../src/read-models/audit/audit.projector.ts';
import { allProjectors } from '../src/read-models/index.ts';
import { rebuildReadModels } from '../src/rebuild.ts';
import { ProjectionRunner } from '../src/runner.ts';
import { compareReadModels } from '../src/verify.ts';

const EPOCH = new Date(0);

/** The embedded log, whose reads of `$all` (what a build reads; the live subscription does not) can be held at a position. */
class HeldLog extends SqliteEventStore {
  private heldFrom = Number.POSITIVE_INFINITY;
  private release: () => void = () => undefined;
  private released: Promise<void> = Promise.resolve();
  hold(from: number): void {
    this.heldFrom = from;
    this.released = new Promise((resolve) => (this.release = resolve));
  }
  letGo(): void {
    this.heldFrom = Number.POSITIVE_INFINITY;
    this.release();
  }
  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    if ((options.after ?? 0) >= this.heldFrom) await this.released;
    return super.readAll(options);
  }
}
const silent = pino({ level: 'silent' });

/** The audit trail's next version, as a release would ship it: its documents tell it apart (every time 1970). */
function auditVersion(version: number, previous: Projector): Projector {
  return {
    ...auditProjector,
    version,
    previous,
    apply: (event, documents) => auditProjector.apply({ ...event, createdAt: EPOCH }, documents),
  };
}
const withAudit = (audit: Projector) =>
  allProjectors.map((projector) => (projector.name === 'audit' ? audit : projector));
const newest = async (store: VersionedReadStore) =>
  (await store.collection<AuditDocument>(auditReadModels.audit).find({}, { sort: { position: -1 }, limit: 1 }))[0];

describe('a projector version change: built beside the live read model (blue/green)', function () {
  this.timeout(120_000);
  let dir: string;
  let events: HeldLog;
  let store: SqliteReadStore;
  /** Another process's connection to the same read store, reading by logical names. */
  let elsewhere: SqliteReadStore;
  let reader: VersionedReadStore;
  let head: number;
  const runners: ProjectionRunner[] = [];
  const runner = (projectors: readonly Projector[]) => {
    const started = new ProjectionRunner(events, store, projectors, silent, { buildPageSize: 500, retireAfterMs: 0 });
    runners.push(started);
    return started;
  };
  const physical = () => store.listCollections();
  const post = (id: string) =>
    events.append(
      `announcement-${id}`,
      [
        {
          type: 'AnnouncementPosted',
          data: {
            announcementId: id,
            title: id,
            content: id,
            priority: 'low',
            authorId: 'u1',
            postedAt: EPOCH.toISOString(),
          },
          metadata: { correlationId: id, causationId: id, actor: { kind: 'system', id: 'test' } },
        },
      ],
      'no_stream',
    );

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-blue-green-'));
    events = new HeldLog(path.join(dir, 'events.sqlite'));
    store = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
    elsewhere = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
    reader = new VersionedReadStore(elsewhere, { refreshMs: 20 });
    head = (await writeMixedLog(events, { events: 3_000 })).events;
    const first = runner(allProjectors);
    await first.start();
    await first.stop();
  });
  /** Starts the runner with its build held once it has applied the log up to 1,000. */
  const heldAt1000 = async (started: ProjectionRunner, build: string) => {
    events.hold(1000);
    await started.start();
    await eventually(async () => started.checkpointOf(build) === 1000, 10_000, 'the build reaching 1,000');
  };
  /** Stops a runner whose build is held: the step under way sees the stop and applies nothing more. */
  const stopHeld = async (started: ProjectionRunner) => {
    const stopping = started.stop();
    events.letGo();
    await stopping;
  };

  afterEach(async () => {
    events.letGo();
    for (const started of runners.splice(0)) await started.stop();
    await elsewhere.close();
    await store.close();
    await events.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the live version, which follows the log, while the new one builds; switches once caught up; drops the old', async () => {
    const v3 = auditVersion(3, auditProjector);
    const upgrading = runner(withAudit(v3));
    await heldAt1000(upgrading, 'audit@v3');
    expect(upgrading.builds.pending.map(({ builder }) => builder.name)).to.deep.equal(['audit@v3']);
    expect((await newest(reader)).time).to.not.equal(EPOCH.toISOString());

    // the live version follows the log meanwhile, with the code that built it
    for (let i = 0; i < 20; i++) await post(`during-${i}`);
    await eventually(
      async () => (await newest(reader))?.position === head + 20,
      5000,
      'the live audit trail following',
    );
    expect((await newest(reader)).time).to.not.equal(EPOCH.toISOString());
    expect((await readCheckpoints(store)).get('audit')).to.equal(head + 20);

    // an operator's pause holds the build too
    upgrading.pause('audit@v3');
    events.letGo();
    expect(upgrading.builds.pending).to.have.length(1);
    await upgrading.resume('audit@v3');
    await upgrading.whenBuilt();
    // another process follows the switch within its refresh
    await eventually(
      async () => (await newest(reader)).time === EPOCH.toISOString(),
      5000,
      'the switch seen elsewhere',
    );
    expect((await newest(reader)).position).to.equal(head + 20);
    // and the new version follows the log live
    await post('after');
    await eventually(async () => (await newest(reader)).position === head + 21, 5000, 'the new version following');
    expect((await newest(reader)).time).to.equal(EPOCH.toISOString());

    await eventually(
      async () => !(await physical()).includes(auditReadModels.audit),
      5000,
      'the old audit trail dropped',
    );
    expect(await physical())
      .to.include('audit__v3')
      .and.not.include(auditReadModels.openGrants);
    expect(await reader.listCollections())
      .to.include(auditReadModels.audit)
      .and.not.include('audit__v3');
    const checkpoints = await readCheckpoints(store);
    expect(checkpoints.get('audit')).to.equal(head + 21);
    expect(checkpoints.has('audit@v3')).to.equal(false);
    expect((await readCollectionSets(store)).versions).to.deep.equal({ audit: 3 });

    // what the switch put in place equals a rebuild of the new version from position 0
    const scratch = new SqliteReadStore(':memory:');
    await rebuildReadModels(events, scratch, [v3]);
    expect(await compareReadModels(reader, scratch, [v3])).to.deep.equal([]);
    await scratch.close();
  });

  it('resumes a build a restart interrupted from its checkpoint; one of yet another version starts again', async () => {
    const v3 = auditVersion(3, auditProjector);
    const interrupted = runner(withAudit(v3));
    await heldAt1000(interrupted, 'audit@v3');
    await stopHeld(interrupted);
    const reached = (await readCheckpoints(store)).get('audit@v3')!;
    expect(reached).to.equal(1000);

    const resumed = runner(withAudit(v3));
    await resumed.start();
    await resumed.whenBuilt();
    // read from where the interrupted build stood, not from the start of the log
    expect(resumed.builds.eventsRead).to.equal(head - reached);
    await resumed.stop();
    const scratch = new SqliteReadStore(':memory:');
    await rebuildReadModels(events, scratch, [v3]);
    expect(await compareReadModels(reader, scratch, [v3])).to.deep.equal([]);

    // a build of v4 interrupted, then a release of v5: the v4 set goes, v5 is built from the start
    const v4 = auditVersion(4, v3);
    const v4Build = runner(withAudit(v4));
    await heldAt1000(v4Build, 'audit@v4');
    await stopHeld(v4Build);
    expect(await physical()).to.include('audit__v4');
    const v5 = auditVersion(5, v3);
    const v5Build = runner(withAudit(v5));
    await v5Build.start();
    expect(await physical()).to.not.include('audit__v4');
    await v5Build.whenBuilt();
    expect(v5Build.builds.eventsRead).to.equal(head);
    expect((await readCheckpoints(store)).has('audit@v4')).to.equal(false);
    await eventually(async () => !(await physical()).includes('audit__v3'), 5000, 'v3 dropped');
    expect(await compareReadModels(reader, scratch, [v3])).to.deep.equal([]);
    await scratch.close();
  });
});
