import { type DomainEvent, vipRoleReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { vipRolesProjectors } from '../../src/read-models/vip-roles/index.ts';
import { deliveredOneByOne, givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';

const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

const granted = (minute: number, keyDigest: string): DomainEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: MEMBER, keyDigest, until: at(minute + 60), grantedAt: at(minute) },
});
const removed: DomainEvent = {
  type: 'VipRoleRemoved',
  data: { guildId: GUILD, discordUserId: MEMBER, removedAt: at(59) },
};
const everything: DomainEvent[] = [granted(10, 'k1'), removed, granted(20, 'k2')];

describe('vip roles projection', () => {
  it('keeps each member window: granted, removed, granted again', async () => {
    const store = await givenProjected(vipRolesProjectors, [granted(10, 'k1'), removed]);
    expect(await store.collection(vipRoleReadModels.vipRoles).findOne({ _id: `${GUILD}-${MEMBER}` })).to.deep.equal({
      _id: `${GUILD}-${MEMBER}`,
      guildId: GUILD,
      discordUserId: MEMBER,
      until: at(70),
      grantedAt: at(10),
      keyDigest: 'k1',
      removedAt: at(59),
      grants: 1,
      lastPosition: 2,
    });
    const again = await givenProjected(vipRolesProjectors, [granted(10, 'k1'), removed, granted(20, 'k2')]);
    expect(await again.collection(vipRoleReadModels.vipRoles).findOne({ _id: `${GUILD}-${MEMBER}` })).to.deep.equal({
      _id: `${GUILD}-${MEMBER}`,
      guildId: GUILD,
      discordUserId: MEMBER,
      until: at(80),
      grantedAt: at(20),
      keyDigest: 'k2',
      removedAt: null,
      grants: 2,
      lastPosition: 3,
    });
  });

  it('gives the same read model when every event is delivered twice', async () => {
    const once = await givenProjected(vipRolesProjectors, everything);
    const twice = await givenProjected(vipRolesProjectors, []);
    for (const event of recorded(everything)) await deliveredOneByOne(twice, vipRolesProjectors, [event], 2);
    await projectEvents(twice, vipRolesProjectors, recorded(everything));
    const windows = (store: typeof once) => store.collection(vipRoleReadModels.vipRoles).find({}, { sort: { _id: 1 } });
    expect(await windows(twice)).to.deep.equal(await windows(once));
  });
});
