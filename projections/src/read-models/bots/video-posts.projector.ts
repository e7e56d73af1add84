import { botReadModels, type VideoPostDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** The poster bot's scheduled posts and how often each was sent, for the panel and audits. */
export const videoPostsProjector = defineProjector({
  name: 'video-posts',
  collections: [botReadModels.videoPosts],
  handles: ['VideoPostScheduled', 'VideoPosted', 'VideoPostCancelled'],
  async apply(event, store) {
    const posts = store.collection<VideoPostDocument>(botReadModels.videoPosts);
    switch (event.type) {
      case 'VideoPostScheduled': {
        const { postId, guildId, channelId, url, firstAt, repeatMinutes, scheduledBy, scheduledAt } = event.data;
        const existing = await posts.findOne({ _id: postId });
        if (existing) return; // redelivered
        await posts.replaceOne(
          { _id: postId },
          {
            _id: postId,
            guildId,
            channelId,
            url,
            firstAt,
            repeatMinutes,
            scheduledBy,
            scheduledAt,
            status: 'scheduled',
            posts: 0,
            lastDueAt: null,
            lastPostedAt: null,
          },
          { upsert: true },
        );
        return;
      }
      case 'VideoPosted': {
        const post = await posts.findOne({ _id: event.data.postId });
        // slots only move forward (the decider refuses older ones): an older or equal slot is a redelivery
        if (!post || (post.lastDueAt !== null && Date.parse(post.lastDueAt) >= Date.parse(event.data.dueAt))) return;
        const status = post.status === 'scheduled' && post.repeatMinutes === null ? 'done' : post.status;
        await posts.updateOne(
          { _id: post._id },
          { $set: { posts: post.posts + 1, lastDueAt: event.data.dueAt, lastPostedAt: event.data.postedAt, status } },
        );
        return;
      }
      case 'VideoPostCancelled':
        await posts.updateOne({ _id: event.data.postId }, { $set: { status: 'cancelled' } });
        return;
    }
  },
});
