import { expect } from 'chai';
import { visitorDecider, type VisitorEvent } from '../src/visitors/visitor.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(visitorDecider);
const visit = (guildId: string | null): VisitorEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest: 'v1', guildId, visitedAt: NOW.toISOString() },
});

describe('visitor decider', () => {
  it('records a visit to a server key page', () => {
    spec
      .given([])
      .when({ type: 'RecordVisit', visitorDigest: 'v1', guildId: '111111111111111111' })
      .then([visit('111111111111111111')]);
  });

  it('records a visit that names no server, whatever came before', () => {
    spec
      .given([visit(null), visit('1')])
      .when({ type: 'RecordVisit', visitorDigest: 'v1', guildId: null })
      .then([visit(null)]);
  });

  it('counts the visits of the address', () => {
    const state = [visit(null), visit('1'), visit(null)].reduce(visitorDecider.evolve, visitorDecider.initialState());
    expect(state).to.deep.equal({ visits: 3 });
  });
});
