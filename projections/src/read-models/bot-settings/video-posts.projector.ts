import { botReadModels, type VideoPostDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** The poster bot's posts (what each shows, whether it re-posts another) and how often each was sent. */
export const videoPostsProjector = defineProjector({
  name: 'video-posts',
  collections: [botReadModels.videoPosts],
  handles: ['VideoPostScheduled', 'VideoPosted', 'VideoPostCancelled'],
  async apply(event, documents) {
    const posts = documents.of<VideoPostDocument>(botReadModels.videoPosts);
    const post = await posts.get(event.data.postId);
    switch (event.type) {
      case 'VideoPostScheduled': {
        if (post) return; // redelivered
        const { postId, guildId, channelId, url, title, description, imageUrl, repostOf } = event.data;
        const { firstAt, repeatMinutes, scheduledBy, scheduledAt } = event.data;
        posts.set({
          _id: postId,
          guildId,
          channelId,
          url,
          title,
          description,
          imageUrl,
          repostOf,
          firstAt,
          repeatMinutes,
          scheduledBy,
          scheduledAt,
          status: 'scheduled',
          posts: 0,
          lastDueAt: null,
          lastPostedAt: null,
        });
        return;
      }
      case 'VideoPosted': {
        // slots only move forward (the decider refuses older ones): an older or equal slot is a redelivery
        if (!post || (post.lastDueAt !== null && Date.parse(post.lastDueAt) >= Date.parse(event.data.dueAt))) return;
        const status = post.status === 'scheduled' && post.repeatMinutes === null ? 'done' : post.status;
        posts.set({
          ...post,
          posts: post.posts + 1,
          lastDueAt: event.data.dueAt,
          lastPostedAt: event.data.postedAt,
          status,
        });
        return;
      }
      case 'VideoPostCancelled':
        if (post) posts.set({ ...post, status: 'cancelled' });
        return;
    }
  },
});
