import { authReadModels, type DomainEvent, discordReadModels } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { usersProjector } from '../../src/read-models/auth/users.projector.ts';
import { discordProjectors } from '../../src/read-models/discord/index.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const D = '500000000000000001';
const [G1, G2] = ['100000000000000001', '100000000000000002'];
const at = '2026-11-22T10:00:00.000Z';
const registered: DomainEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ann', passwordHash: '$argon2id$x', isAdmin: false, registeredAt: at, avatar: null },
};
const linked: DomainEvent = {
  type: 'DiscordAccountLinked',
  data: { userId: 'u1', discordUserId: D, username: 'Ann', avatar: 'abc123', via: 'oauth', linkedAt: at },
};
const proven = (guildId: string, name = `Server ${guildId.at(-1)}`): DomainEvent => ({
  type: 'ServerManagementProven',
  data: { userId: 'u1', discordUserId: D, guildId, name, icon: null, via: 'oauth', provenAt: at },
});
const unlinked: DomainEvent = {
  type: 'DiscordAccountUnlinked',
  data: { userId: 'u1', discordUserId: D, reason: 'wrong account', unlinkedAt: at },
};
const history: DomainEvent[] = [
  registered,
  linked,
  proven(G1),
  proven(G2),
  proven(G1, 'Renamed'),
  { type: 'ServerManagementLapsed', data: { userId: 'u1', discordUserId: D, guildId: G2, lapsedAt: at } },
  {
    type: 'ManagementCheckRequested',
    data: { checkId: 'c1', userId: 'u1', discordUserId: D, guildId: G2, requestedAt: at },
  },
  {
    type: 'ManagementCheckAnswered',
    data: { checkId: 'c1', userId: 'u1', discordUserId: D, guildId: G2, manages: false, answeredAt: at },
  },
];

describe('discord accounts projection', () => {
  it('keeps the linked account and the servers it was last seen managing, and the bot’s checks', async () => {
    const store = await givenProjected(discordProjectors, history);
    expect(await store.collection(discordReadModels.discordAccounts).find({})).to.deep.equal([
      {
        _id: 'u1',
        discordUserId: D,
        username: 'Ann',
        avatar: 'abc123',
        linkedAt: at,
        managed: [{ guildId: G1, name: 'Renamed', icon: null, via: 'oauth', provenAt: at }],
      },
    ]);
    expect(await store.collection(discordReadModels.managementChecks).find({})).to.deep.equal([
      { _id: 'c1', userId: 'u1', guildId: G2, status: 'refused', requestedAt: at, answeredAt: at },
    ]);
  });

  it('forgets an unlinked account', async () => {
    const store = await givenProjected(discordProjectors, [...history, unlinked]);
    expect(await store.collection(discordReadModels.discordAccounts).find({})).to.deep.equal([]);
  });

  it('gives the same documents when every event is delivered twice', async () => {
    const once = await givenProjected(discordProjectors, history);
    const twice = new SqliteReadStore(':memory:');
    await deliveredOneByOne(twice, discordProjectors, recorded(history), 2);
    for (const name of Object.values(discordReadModels))
      expect(await twice.collection(name).find({}, { sort: { _id: 1 } })).to.deep.equal(
        await once.collection(name).find({}, { sort: { _id: 1 } }),
      );
  });
});

describe('users projection: a linked Discord account’s avatar is the user’s avatar', () => {
  it('shows the Discord avatar while linked, and the initial letter again once unlinked', async () => {
    const store = await givenProjected([usersProjector], [registered, linked]);
    expect((await store.collection(authReadModels.users).findOne({ _id: 'u1' }))?.avatar).to.equal(
      `https://cdn.discordapp.com/avatars/${D}/abc123.png?size=128`,
    );
    const refreshed: DomainEvent = {
      type: 'DiscordProfileRefreshed',
      data: { userId: 'u1', discordUserId: D, username: 'Ann', avatar: null, refreshedAt: at },
    };
    const noAvatar = await givenProjected([usersProjector], [registered, linked, refreshed]);
    expect((await noAvatar.collection(authReadModels.users).findOne({ _id: 'u1' }))?.avatar).to.equal(null);
    const gone = await givenProjected([usersProjector], [registered, linked, unlinked]);
    expect((await gone.collection(authReadModels.users).findOne({ _id: 'u1' }))?.avatar).to.equal(null);
  });
});
