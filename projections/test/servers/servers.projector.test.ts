import { type DomainEvent, serverReadModels } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { serversProjectors } from '../../src/read-models/servers/index.ts';
import { deliveredOneByOne, givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';

const [S1, S2, S3] = ['100000000000000001', '100000000000000002', '100000000000000003'];
const channels = [{ id: '100000000000000011', name: 'general' }];
const reported = (guildId: string, memberCount: number, reportedAt = '2026-11-22T10:00:00.000Z'): DomainEvent => ({
  type: 'GuildReported',
  data: {
    guildId,
    name: `Server ${guildId.slice(-1)}`,
    icon: null,
    memberCount,
    channels,
    missingPermissions: ['ManageRoles'],
    reportedAt,
  },
});
const claimed = (guildId: string, userId: string): DomainEvent => ({
  type: 'ServerClaimed',
  data: { guildId, userId, claimedAt: '2026-11-22T10:00:00.000Z', discordUserId: null },
});
const released = (guildId: string, userId: string): DomainEvent => ({
  type: 'ServerReleased',
  data: { guildId, userId, releasedAt: '2026-11-22T11:00:00.000Z', reason: null },
});
const added = (userId: string, guildId: string): DomainEvent => ({
  type: 'SubscriberServerAdded',
  data: { userId, guildId, addedAt: '2026-11-22T10:00:00.000Z' },
});
const changed = (userId: string, oldGuildId: string, newGuildId: string): DomainEvent => ({
  type: 'SubscriberServerChanged',
  data: { userId, oldGuildId, newGuildId, changedAt: '2026-11-22T11:00:00.000Z' },
});
const greeting = (guildId: string, enabled: boolean): DomainEvent => ({
  type: 'GreetingConfigured',
  data: {
    guildId,
    enabled,
    channelId: channels[0].id,
    delay: 2,
    message: 'Hi {user}',
    configuredAt: '2026-11-22T10:00:00.000Z',
  },
});

const everything: DomainEvent[] = [
  reported(S1, 10),
  reported(S2, 20),
  reported(S1, 11, '2026-11-22T11:00:00.000Z'),
  { type: 'GuildLeft', data: { guildId: S2, leftAt: '2026-11-22T12:00:00.000Z' } },
  claimed(S1, 'u1'),
  added('u1', S1),
  claimed(S2, 'u1'),
  added('u1', S2),
  claimed(S3, 'u1'),
  changed('u1', S2, S3),
  released(S2, 'u1'),
  claimed(S2, 'u2'),
  greeting(S1, true),
  greeting(S3, false),
  { type: 'GreetingRemoved', data: { guildId: S3, removedAt: '2026-11-22T12:00:00.000Z' } },
];

async function snapshot(store: SqliteReadStore) {
  const all = {} as Record<string, unknown>;
  for (const name of Object.values(serverReadModels))
    all[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  return all;
}

describe('servers projections', () => {
  it('keeps the last report of each server, and marks a left server absent', async () => {
    const store = await givenProjected(serversProjectors, everything);
    expect(await store.collection(serverReadModels.guilds).find({}, { sort: { _id: 1 } })).to.deep.equal([
      {
        _id: S1,
        botPresent: true,
        name: 'Server 1',
        icon: null,
        memberCount: 11,
        channels,
        missingPermissions: ['ManageRoles'],
        reportedAt: '2026-11-22T11:00:00.000Z',
        leftAt: null,
      },
      {
        _id: S2,
        botPresent: false,
        name: 'Server 2',
        icon: null,
        memberCount: 20,
        channels,
        missingPermissions: ['ManageRoles'],
        reportedAt: '2026-11-22T10:00:00.000Z',
        leftAt: '2026-11-22T12:00:00.000Z',
      },
    ]);
  });

  it('a server that comes back is present again', async () => {
    const store = await givenProjected(serversProjectors, [
      reported(S1, 10),
      { type: 'GuildLeft', data: { guildId: S1, leftAt: '2026-11-22T11:00:00.000Z' } },
      reported(S1, 12),
    ]);
    expect(await store.collection(serverReadModels.guilds).findOne({ _id: S1 })).to.include({
      botPresent: true,
      memberCount: 12,
      leftAt: null,
    });
  });

  it('takes member counts from their own events, and from the reports of a log written before them', async () => {
    const v1 = reported(S1, 0) as Extract<DomainEvent, { type: 'GuildReported' }>;
    const { memberCount: _v1Count, ...facts } = v1.data;
    const factsOnly = (reportedAt: string): DomainEvent => ({ type: 'GuildReported', data: { ...facts, reportedAt } });
    const counted = (guildId: string, memberCount: number): DomainEvent => ({
      type: 'GuildMemberCountReported',
      data: { guildId, memberCount, reportedAt: '2026-11-23T10:00:00.000Z' },
    });
    const history: DomainEvent[] = [
      // an older version: a report a count change, the count inside
      reported(S1, 10),
      reported(S1, 12, '2026-11-22T10:30:00.000Z'),
      // today: the facts when they change, the count on its own
      factsOnly('2026-11-23T09:00:00.000Z'),
      counted(S1, 15),
      factsOnly('2026-11-23T11:00:00.000Z'),
      // a count for a server never reported is no server
      counted(S3, 99),
    ];
    const store = await givenProjected(serversProjectors, history);
    const guilds = await store.collection(serverReadModels.guilds).find({});
    expect(guilds).to.have.length(1);
    expect(guilds[0]).to.include({ _id: S1, memberCount: 15, reportedAt: '2026-11-23T11:00:00.000Z' });

    const twice = new SqliteReadStore(':memory:');
    await deliveredOneByOne(twice, serversProjectors, recorded(history), 2);
    expect(await snapshot(twice)).to.deep.equal(await snapshot(store as SqliteReadStore));
  });

  it('knows who holds each server; a released server goes to its next claimant', async () => {
    const store = await givenProjected(serversProjectors, everything);
    expect(await store.collection(serverReadModels.serverOwners).find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: S1, userId: 'u1', claimedAt: '2026-11-22T10:00:00.000Z', discordUserId: null },
      { _id: S2, userId: 'u2', claimedAt: '2026-11-22T10:00:00.000Z', discordUserId: null },
      { _id: S3, userId: 'u1', claimedAt: '2026-11-22T10:00:00.000Z', discordUserId: null },
    ]);
  });

  it('marks a claim verified by proof, and hands a taken-over server to the manager, out of the old slots', async () => {
    const D = '500000000000000001';
    const store = await givenProjected(serversProjectors, [
      claimed(S1, 'u1'),
      added('u1', S1),
      claimed(S2, 'u1'),
      added('u1', S2),
      {
        type: 'ServerClaimVerified',
        data: { guildId: S1, userId: 'u1', discordUserId: D, verifiedAt: '2026-11-22T11:00:00.000Z' },
      },
      // a verification by someone who does not hold it changes nothing
      {
        type: 'ServerClaimVerified',
        data: { guildId: S2, userId: 'u9', discordUserId: D, verifiedAt: '2026-11-22T11:00:00.000Z' },
      },
      {
        type: 'ServerTakenOver',
        data: {
          guildId: S2,
          userId: 'u2',
          discordUserId: '500000000000000002',
          previousUserId: 'u1',
          takenOverAt: '2026-11-22T12:00:00.000Z',
        },
      },
      added('u2', S2),
      {
        type: 'SubscriberServerRemoved',
        data: { userId: 'u1', guildId: S2, cause: 'taken-over', removedAt: '2026-11-22T12:00:00.000Z' },
      },
    ]);
    expect(await store.collection(serverReadModels.serverOwners).find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: S1, userId: 'u1', claimedAt: '2026-11-22T10:00:00.000Z', discordUserId: D },
      { _id: S2, userId: 'u2', claimedAt: '2026-11-22T12:00:00.000Z', discordUserId: '500000000000000002' },
    ]);
    const slots = await store.collection(serverReadModels.userServers).find({}, { sort: { _id: 1 } });
    expect(slots.map((doc) => [doc._id, doc.servers])).to.deep.equal([
      ['u1', [S1]],
      ['u2', [S2]],
    ]);
  });

  it('lists a subscriber’s servers in slot order, a changed one in place', async () => {
    const store = await givenProjected(serversProjectors, everything);
    expect(await store.collection(serverReadModels.userServers).find({})).to.deep.equal([
      { _id: 'u1', servers: [S1, S3], updatedAt: '2026-11-22T11:00:00.000Z', lastPosition: 10 },
    ]);
  });

  it('is idempotent: a redelivered batch leaves the same read models', async () => {
    const once = await givenProjected(serversProjectors, everything);
    const twice = new SqliteReadStore(':memory:');
    const events = recorded(everything);
    // at-least-once: the runner may apply a batch, fail before the checkpoint, and apply it again
    for (const run of [events.slice(0, 9), events.slice(4), events.slice(4)])
      await projectEvents(twice, serversProjectors, run);
    expect(await snapshot(twice)).to.deep.equal(await snapshot(once as SqliteReadStore));
  });
});
