import { erasedPerson } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { eraseMemberFromReadModels } from '../../src/privacy/read-model-eraser.ts';

const MEMBER = '813572468024681357';
const OTHER = '824681357913579246';
const GUILD = '610000000000000001';
const avatarOf = (id: string) => `https://cdn.discordapp.com/avatars/${id}/abc.png?size=128`;

describe('taking an erased member out of the read models', () => {
  let store: SqliteReadStore;
  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    for (const id of [MEMBER, OTHER]) {
      await store.collection('vip_roles').insertOne({ _id: `${GUILD}-${id}`, guildId: GUILD, discordUserId: id });
      await store.collection('stats_vip_windows').insertOne({ _id: `${GUILD}-${id}`, guildId: GUILD });
      await store.collection('keys').insertOne({ _id: `key-of-${id}`, redeemedBy: id });
      await store
        .collection('discord_accounts')
        .insertOne({ _id: `user-${id}`, discordUserId: id, username: `n${id}` });
      await store.collection('users').insertOne({ _id: `user-${id}`, username: `u${id}`, avatar: avatarOf(id) });
      await store
        .collection('announcements')
        .insertOne({ _id: `a-${id}`, author: { username: 'x', avatar: avatarOf(id) } });
    }
    await store.collection('audit').insertOne({ _id: '1', position: 1, userIds: [MEMBER, OTHER] });
  });
  afterEach(() => store.close());

  it("deletes the member's own documents, names them erased in facts about something else, leaves everyone else", async () => {
    await eraseMemberFromReadModels(store, MEMBER, [GUILD]);
    expect(await store.collection('vip_roles').find({})).to.deep.equal([
      { _id: `${GUILD}-${OTHER}`, guildId: GUILD, discordUserId: OTHER },
    ]);
    expect((await store.collection('stats_vip_windows').find({})).map((doc) => doc._id)).to.deep.equal([
      `${GUILD}-${OTHER}`,
    ]);
    expect(await store.collection('keys').find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: `key-of-${MEMBER}`, redeemedBy: erasedPerson },
      { _id: `key-of-${OTHER}`, redeemedBy: OTHER },
    ]);
    expect((await store.collection('discord_accounts').find({})).map((doc) => doc._id)).to.deep.equal([
      `user-${OTHER}`,
    ]);
    expect(await store.collection('audit').findOne({ _id: '1' })).to.deep.include({ userIds: [OTHER] });
  });

  it("takes the linked account's avatar off the panel user and the announcements they wrote", async () => {
    await eraseMemberFromReadModels(store, MEMBER, [GUILD]);
    expect(await store.collection('users').findOne({ _id: `user-${MEMBER}` })).to.deep.include({
      username: `u${MEMBER}`,
      avatar: null,
    });
    expect(await store.collection('users').findOne({ _id: `user-${OTHER}` })).to.deep.include({
      avatar: avatarOf(OTHER),
    });
    expect((await store.collection('announcements').findOne({ _id: `a-${MEMBER}` }))?.author).to.deep.equal({
      username: 'x',
      avatar: null,
    });
    expect(JSON.stringify(await store.collection('announcements').find({}))).to.include(avatarOf(OTHER));
  });
});
