import type { EventMetadata } from '@vip/contracts';
import { projections } from '@vip/contracts';
import { expect } from 'chai';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store.ts';
import {
  divergencePolicyOf,
  LogDivergenceError,
  readModelsAheadOfLog,
  refuseDivergedReadModels,
} from '../src/log-divergence.ts';
import { createLogger } from '../src/logger.ts';
import { forgetCheckpoints, saveCheckpoints } from '../src/projection-checkpoints.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';

const metadata: EventMetadata = { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 'test' } };
const silent = createLogger('divergence-test', 'silent');

/** What command-service and query-service do at start, before they serve the read models. */
describe('read models ahead of the log, seen by a service that only serves them', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    store = new SqliteReadStore(':memory:');
    for (let i = 0; i < 3; i++) await events.append(`s-${i}`, [{ type: 'A', data: {}, metadata }], 'no_stream');
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it('serves read models at or behind the head of the log', async () => {
    await saveCheckpoints(store, [projections.users, projections.keys], 3);
    expect(await readModelsAheadOfLog(events, store, Object.values(projections))).to.equal(null);
    await refuseDivergedReadModels(events, store, silent, 'refuse');
  });

  it('refuses to start while one is ahead, saying which and naming npm run rebuild', async () => {
    await saveCheckpoints(store, [projections.users], 3);
    await saveCheckpoints(store, [projections.keys], 7);
    let refusal: unknown;
    await refuseDivergedReadModels(events, store, silent, 'refuse').catch((error: unknown) => (refusal = error));
    expect(refusal).to.be.instanceOf(LogDivergenceError);
    expect((refusal as LogDivergenceError).divergence).to.deep.equal({
      headPosition: 3,
      ahead: [{ name: projections.keys, checkpoint: 7 }],
    });
    expect((refusal as Error).message)
      .to.contain('npm run rebuild')
      .and.contain(projections.keys);
  });

  it('leaves out checkpoints of projections it does not know (a retired one is never moved again)', async () => {
    await saveCheckpoints(store, ['retired-projection'], 9);
    expect(await readModelsAheadOfLog(events, store, Object.values(projections))).to.equal(null);
  });

  it('with the rebuild policy, waits until the projections process has rebuilt them', async () => {
    await saveCheckpoints(store, [projections.keys], 7);
    let served = false;
    const waiting = refuseDivergedReadModels(events, store, silent, 'rebuild', 10).then(() => (served = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(served, 'still waiting').to.equal(false);
    await forgetCheckpoints(store, [projections.keys]); // what the rebuild does first
    await waiting;
    expect(served).to.equal(true);
  });

  it('reads REBUILD_ON_DIVERGENCE as true or false, and refuses anything else', () => {
    expect(divergencePolicyOf({})).to.equal('refuse');
    expect(divergencePolicyOf({ REBUILD_ON_DIVERGENCE: 'false' })).to.equal('refuse');
    expect(divergencePolicyOf({ REBUILD_ON_DIVERGENCE: 'true' })).to.equal('rebuild');
    expect(() => divergencePolicyOf({ REBUILD_ON_DIVERGENCE: 'yes' })).to.throw(/must be true or false/);
  });
});
