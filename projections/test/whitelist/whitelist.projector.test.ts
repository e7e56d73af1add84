import { type DomainEvent, whitelistReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { whitelistProjector } from '../../src/read-models/whitelist/whitelist.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';
import { addedMonthly, member, other, removed, renewedLifetime } from '../support/whitelist-events.ts';

const entryId = `${member.guildId}-${member.userId}`;

describe('whitelist projection', () => {
  const entries = async (events: DomainEvent[]) =>
    (await givenProjected([whitelistProjector], events))
      .collection(whitelistReadModels.whitelist)
      .find({}, { sort: { _id: 1 } });

  it('keeps one entry per member and server', async () => {
    expect(await entries([addedMonthly, other])).to.deep.equal([
      {
        _id: entryId,
        ...member,
        duration: 'monthly',
        expiresAt: '2026-12-01T00:00:00.000Z',
        addedAt: '2026-11-01T00:00:00.000Z',
      },
      {
        _id: `${member.guildId}-223456789012345678`,
        userId: '223456789012345678',
        guildId: member.guildId,
        duration: 'weekly',
        expiresAt: '2026-11-08T00:00:00.000Z',
        addedAt: '2026-11-01T00:00:00.000Z',
      },
    ]);
  });

  it('replaces an entry when it is renewed', async () => {
    expect(await entries([addedMonthly, renewedLifetime])).to.deep.equal([
      { _id: entryId, ...member, duration: 'lifetime', expiresAt: null, addedAt: '2026-11-10T00:00:00.000Z' },
    ]);
  });

  it('deletes a removed entry', async () => {
    expect(await entries([addedMonthly, other, removed])).to.have.length(1);
    expect(await entries([addedMonthly, removed, removed])).to.deep.equal([]);
  });
});
