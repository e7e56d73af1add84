import { type DomainEvent, suspensionReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { suspensionsProjector } from '../../src/read-models/suspensions/suspensions.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';

const [A, B] = ['876543210987654321', '876543210987654322'];

describe('suspensions projection', () => {
  const suspended = (guildId: string, reason: string, suspendedAt: string): DomainEvent => ({
    type: 'ServerSuspended',
    data: { guildId, reason, suspendedAt },
  });
  const lifted: DomainEvent = {
    type: 'ServerSuspensionLifted',
    data: { guildId: A, liftedAt: '2026-11-03T00:00:00Z' },
  };
  const list = async (events: DomainEvent[]) =>
    (await givenProjected([suspensionsProjector], events))
      .collection(suspensionReadModels.suspensions)
      .find({}, { sort: { _id: 1 } });

  it('holds each suspended server with its reason, and forgets it when lifted', async () => {
    const events = [suspended(A, 'spam', '2026-11-01T00:00:00Z'), suspended(B, 'non-payment', '2026-11-02T00:00:00Z')];
    expect(await list(events)).to.deep.equal([
      { _id: A, reason: 'spam', suspendedAt: '2026-11-01T00:00:00Z' },
      { _id: B, reason: 'non-payment', suspendedAt: '2026-11-02T00:00:00Z' },
    ]);
    expect((await list([...events, lifted])).map((doc) => doc._id)).to.deep.equal([B]);
    // suspended again after a lift: the new reason
    expect(await list([...events, lifted, suspended(A, 'abuse', '2026-11-04T00:00:00Z')])).to.deep.include({
      _id: A,
      reason: 'abuse',
      suspendedAt: '2026-11-04T00:00:00Z',
    });
  });
});
