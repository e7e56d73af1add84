import { type DomainEvent, vipRoleAccuracyReadModels as models } from '@vip/contracts';
import { expect } from 'chai';
import { vipRoleAccuracyProjector } from '../../src/read-models/vip-roles/vip-role-accuracy.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const GUILD = '111111111111111111';
const member = (n: number) => `33333333333333333${n}`;
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 1, 12, minute, second)).toISOString();
const granted = (n: number, until: string): DomainEvent => ({
  type: 'VipRoleGranted',
  data: { guildId: GUILD, discordUserId: member(n), keyDigest: `k${n}`, until, grantedAt: at(0) },
});
const removed = (n: number, removedAt: string): DomainEvent => ({
  type: 'VipRoleRemoved',
  data: { guildId: GUILD, discordUserId: member(n), removedAt },
});
const failed = (n: number, action: 'grant' | 'remove', problem: 'role-above-bot' | 'missing-permissions') =>
  ({
    type: 'VipRoleFailed',
    data: {
      guildId: GUILD,
      discordUserId: member(n),
      action,
      problem,
      roleId: null,
      failureId: `f${n}${action}`,
      failedAt: at(n),
    },
  }) satisfies DomainEvent;

const history: DomainEvent[] = [
  granted(1, at(10)),
  granted(2, at(10)),
  granted(2, at(20)), // a second key: the removal is due at the later end
  failed(1, 'grant', 'role-above-bot'),
  failed(3, 'grant', 'role-above-bot'),
  removed(1, at(10, 5)), // on time
  removed(2, at(20, 31)), // 31 s late
  failed(2, 'remove', 'missing-permissions'),
];

describe('VIP role accuracy projection', () => {
  it('keeps the open problem per server, counts refused grants and late removals by day, and forgets ended windows', async () => {
    const store = await givenProjected([vipRoleAccuracyProjector], history);
    expect(await store.collection(models.daily).find({})).to.deep.equal([
      { _id: '2026-11-01', grantsFailed: 2, removals: 2, removalsLate: 1, lastPosition: 7 },
    ]);
    expect(await store.collection(models.problems).find({})).to.deep.equal([
      {
        _id: GUILD,
        action: 'remove',
        problem: 'missing-permissions',
        roleId: null,
        discordUserId: member(2),
        since: at(2),
        lastPosition: 8,
      },
    ]);
    expect(await store.collection(models.windows).find({}), 'only open windows are kept').to.deep.equal([]);

    const fixedLater = await givenProjected(
      [vipRoleAccuracyProjector],
      [...history, { type: 'VipRoleFixed', data: { guildId: GUILD, fixedAt: at(30) } }],
    );
    expect(await fixedLater.collection(models.problems).find({})).to.deep.equal([]);
  });

  it('gives the same read model when every event is delivered twice', async () => {
    const once = await givenProjected([vipRoleAccuracyProjector], history);
    const twice = await givenProjected([vipRoleAccuracyProjector], []);
    await deliveredOneByOne(twice, [vipRoleAccuracyProjector], recorded(history), 2);
    for (const collection of Object.values(models))
      expect(await twice.collection(collection).find({}, { sort: { _id: 1 } }), collection).to.deep.equal(
        await once.collection(collection).find({}, { sort: { _id: 1 } }),
      );
  });
});
