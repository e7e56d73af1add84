import { auditReadModels } from '@vip/contracts';
import type { IndexSpec } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { allProjectors } from '../src/read-models/index.ts';
import { rebuildReadModels } from '../src/rebuild.ts';
import { ProjectionRunner } from '../src/runner.ts';

/** The embedded store, noting every index asked for and every collection dropped, in order. */
class RecordingStore extends SqliteReadStore {
  readonly calls: string[] = [];
  override async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    this.calls.push(`index ${collection} ${JSON.stringify(indexes)}`);
  }
  override async dropCollection(name: string): Promise<void> {
    this.calls.push(`drop ${name}`);
    await super.dropCollection(name);
  }
}

describe('read-model indexes', () => {
  let events: SqliteEventStore;
  let store: RecordingStore;
  const indexCalls = () => store.calls.filter((call) => call.startsWith('index '));

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    store = new RecordingStore(':memory:');
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it('are declared only for collections their projector owns', () => {
    for (const projector of allProjectors) {
      for (const collection of Object.keys(projector.indexes ?? {}))
        expect(projector.collections, projector.name).to.include(collection);
    }
  });

  it("are built when the runner starts, among them the audit screen's", async () => {
    const runner = new ProjectionRunner(events, store, allProjectors, pino({ level: 'silent' }));
    await runner.start();
    await runner.stop();
    const audit = indexCalls().find((call) => call.startsWith(`index ${auditReadModels.audit} `));
    expect(audit).to.include('{"guildIds":1,"position":-1}').and.to.include('{"keyDigests":1,"position":1}');
    const declared = allProjectors.flatMap((projector) => Object.keys(projector.indexes ?? {}));
    expect(indexCalls()).to.have.length(declared.length);
  });

  it('are built again after a rebuild has dropped the collections', async () => {
    await rebuildReadModels(events, store, allProjectors);
    const lastDrop = store.calls.findLastIndex((call) => call.startsWith('drop '));
    const firstIndex = store.calls.findIndex((call) => call.startsWith('index '));
    expect(firstIndex).to.be.greaterThan(lastDrop);
    expect(indexCalls().length).to.be.greaterThan(0);
  });
});
