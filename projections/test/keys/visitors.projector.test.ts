import {
  type DailyStatsDocument,
  type DomainEvent,
  keyReadModels,
  parseEvent,
  statsReadModels,
  type VisitorDocument,
} from '@vip/contracts';
import { expect } from 'chai';
import { visitorsProjector } from '../../src/read-models/keys/visitors.projector.ts';
import { statsProjector } from '../../src/read-models/stats/stats.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';

const GUILD = '111111111111111111';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
/** A visit as a v1 product wrote it, read back through contracts' upcaster. */
const v1Visit = (visitorDigest: string, guildId: string | null, minute: number) =>
  parseEvent('VisitRecorded', { visitorDigest, guildId, visitedAt: at(minute) }, 1);
const visit = (visitorDigest: string, minute: number, pageLoadId: string): DomainEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest, guildId: GUILD, visitedAt: at(minute), pageLoadId },
});

describe('visits in the statistics and visitors projections: one page load, one visit', () => {
  // two page loads of a v1 key page (each wrote a visit without a server and one with it), then one of today's
  const history = [
    v1Visit('v1', null, 0),
    v1Visit('v1', GUILD, 0),
    v1Visit('v1', null, 5),
    v1Visit('v1', GUILD, 5),
    visit('v1', 9, 'load-0003'),
  ];

  it("counts a v1 log's page loads once per load", async () => {
    const store = await givenProjected([statsProjector, visitorsProjector], history);
    const day = await store.collection<DailyStatsDocument>(statsReadModels.daily).findOne({ _id: '2026-11-01' });
    expect(day?.visits).to.equal(3);
    const visitor = await store.collection<VisitorDocument>(keyReadModels.visitors).findOne({
      _id: 'v1',
    });
    expect(visitor).to.include({ visits: 3, lastGuildId: GUILD });
  });

  it('still counts a visit without a server that v2 recorded (an API caller without a page load)', async () => {
    const alone: DomainEvent = {
      type: 'VisitRecorded',
      data: { visitorDigest: 'v2', guildId: null, visitedAt: at(1) },
    };
    const store = await givenProjected([statsProjector, visitorsProjector], [alone]);
    expect((await store.collection<VisitorDocument>(keyReadModels.visitors).findOne({ _id: 'v2' }))?.visits).to.equal(
      1,
    );
    expect((await store.collection<DailyStatsDocument>(statsReadModels.daily).findOne({}))?.visits).to.equal(1);
  });

  it('has no visitor for an address seen only in twins', async () => {
    const store = await givenProjected([visitorsProjector], [v1Visit('v3', null, 0)]);
    expect(await store.collection(keyReadModels.visitors).countDocuments({})).to.equal(0);
  });
});
