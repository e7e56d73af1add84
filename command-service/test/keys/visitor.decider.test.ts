import { parseEvent } from '@vip/contracts';
import { expect } from 'chai';
import { visitorDecider } from '../../src/keys/visitor.decider.ts';
import type { VisitorEvent } from '../../src/keys/visitor.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(visitorDecider);
const GUILD = '111111111111111111';
const visit = (guildId: string | null, pageLoadId?: string): VisitorEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest: 'v1', guildId, visitedAt: NOW.toISOString(), ...(pageLoadId ? { pageLoadId } : {}) },
});
const record = (
  guildId: string | null,
  pageLoadId?: string,
  botInServer = guildId !== null,
  pageLoadsDayBefore: readonly string[] = [],
) => ({ type: 'RecordVisit', visitorDigest: 'v1', guildId, botInServer, pageLoadId, pageLoadsDayBefore }) as const;
const fold = (events: VisitorEvent[]) => events.reduce(visitorDecider.evolve, visitorDecider.initialState());

describe('visitor decider', () => {
  it('records a visit to a server key page', () => {
    spec
      .given([])
      .when(record(GUILD))
      .then([visit(GUILD)]);
  });

  it('records nothing for the key page of a server the bot is not in (issue #18 item 5)', () => {
    spec
      .given([visit(GUILD, 'load-0001')])
      .when(record(GUILD, 'load-0002', false))
      .then([]);
  });

  it('records a visit that names no server, whatever came before', () => {
    spec
      .given([visit(null), visit('1')])
      .when(record(null))
      .then([visit(null)]);
  });

  it('records a page load once: its second call (trackIpVisit and trackVisitor) adds nothing', () => {
    spec
      .given([])
      .when(record(GUILD, 'load-0001'))
      .then([visit(GUILD, 'load-0001')]);
    spec
      .given([visit(GUILD, 'load-0001')])
      .when(record(GUILD, 'load-0001'))
      .then([]);
    spec
      .given([visit(GUILD, 'load-0001')])
      .when(record(null, 'load-0001'))
      .then([]);
    // another load of the same visitor is another visit
    spec
      .given([visit(GUILD, 'load-0001')])
      .when(record(GUILD, 'load-0002'))
      .then([visit(GUILD, 'load-0002')]);
  });

  it("finds a page load recorded on the day before's stream: a load spanning midnight is one visit", () => {
    spec
      .given([])
      .when(record(GUILD, 'load-0001', true, ['load-0000', 'load-0001']))
      .then([]);
    // the day before's other loads are no reason to refuse a new one
    spec
      .given([])
      .when(record(GUILD, 'load-0002', true, ['load-0001']))
      .then([visit(GUILD, 'load-0002')]);
  });

  it('counts page loads of the address', () => {
    expect(fold([visit(null), visit('1'), visit(null)]).visits).to.equal(3);
    expect(fold([visit(GUILD, 'load-0001'), visit(GUILD, 'load-0002')]).visits).to.equal(2);
  });

  it('reads a v1 log, where each page load was recorded twice, as one visit per load', () => {
    // before v2 the key page's two calls appended a visit each: one without a server, one with it
    const v1 = (guildId: string | null) =>
      parseEvent('VisitRecorded', { visitorDigest: 'v1', guildId, visitedAt: NOW.toISOString() }, 1) as VisitorEvent;
    const oldLoads = [v1(null), v1(GUILD), v1(null), v1(GUILD)];
    expect(oldLoads.map((event) => event.data.twin)).to.deep.equal([true, undefined, true, undefined]);
    expect(fold(oldLoads).visits).to.equal(2);
    expect(fold([...oldLoads, visit(GUILD, 'load-0003')]).visits).to.equal(3);
  });
});
