import { botReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { botSettingsProjector } from '../../src/read-models/bot-settings/bot-settings.projector.ts';
import { videoPostsProjector } from '../../src/read-models/bot-settings/video-posts.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const guildId = '200000000000000001';
const postId = '11111111-1111-4111-8111-111111111111';
const at = '2026-11-22T12:00:00.000Z';

describe('bot read models', () => {
  it("keeps each server's VIP role, log channel and repeating ping", async () => {
    const store = await givenProjected(
      [botSettingsProjector],
      [
        { type: 'VipRoleChosen', data: { guildId, roleId: '500000000000000001', chosenBy: 'u', chosenAt: at } },
        { type: 'LogChannelSet', data: { guildId, channelId: '600000000000000001', setBy: 'u', setAt: at } },
        {
          type: 'AutoPingStarted',
          data: { guildId, channelId: '600000000000000002', roleId: null, hours: 3, startedBy: 'u', startedAt: at },
        },
      ],
    );
    expect(await store.collection(botReadModels.botSettings).findOne({ _id: guildId })).to.deep.equal({
      _id: guildId,
      vipRoleId: '500000000000000001',
      logChannelId: '600000000000000001',
      autoPing: { channelId: '600000000000000002', roleId: null, hours: 3, startedAt: at },
    });
  });

  it('counts each video post once, even when an event is delivered twice', async () => {
    const events = [
      {
        type: 'VideoPostScheduled' as const,
        data: {
          postId,
          guildId,
          channelId: 'c',
          url: 'https://v.example',
          title: 'A video',
          description: null,
          imageUrl: 'https://v.example/thumb.jpg',
          repostOf: null,
          firstAt: at,
          repeatMinutes: null,
          scheduledBy: 'u',
          scheduledAt: at,
        },
      },
      {
        type: 'VideoPosted' as const,
        data: { postId, guildId, channelId: 'c', messageId: 'm', dueAt: at, postedAt: at },
      },
    ];
    const store = await givenProjected([videoPostsProjector], events);
    // at-least-once delivery: the same events again
    await deliveredOneByOne(store, [videoPostsProjector], recorded(events));
    expect(await store.collection(botReadModels.videoPosts).findOne({ _id: postId })).to.include({
      status: 'done',
      posts: 1,
      lastDueAt: at,
      title: 'A video',
      imageUrl: 'https://v.example/thumb.jpg',
      repostOf: null,
    });
  });
});
