import { botSettingsTexts, suspensionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { contentToRepost, type PosterStanding, videoPostDecider } from '../../src/bot-settings/video-post.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const guildId = '200000000000000001';
const by = '300000000000000001';
const at = NOW.toISOString();
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('video post decider (/postvideo, /videos, posts sent)', () => {
  const spec = deciderSpec(videoPostDecider);
  const postId = '11111111-1111-4111-8111-111111111111';
  const covered: PosterStanding = { covered: true };
  const content = {
    channelId: '600000000000000001',
    url: 'https://v.example/1',
    title: 'Episode 1',
    description: 'The first one',
    imageUrl: 'https://v.example/1.jpg',
  };
  const schedule = {
    type: 'ScheduleVideoPost' as const,
    postId,
    guildId,
    ...content,
    repostOf: null,
    firstAt: later(10),
    repeatMinutes: 60,
    scheduledBy: by,
    standing: covered,
  };
  const scheduled = {
    type: 'VideoPostScheduled' as const,
    data: {
      postId,
      guildId,
      ...content,
      repostOf: null,
      firstAt: later(10),
      repeatMinutes: 60,
      scheduledBy: by,
      scheduledAt: at,
    },
  };
  const posted = (dueAt: string) => ({
    type: 'RecordVideoPosted' as const,
    postId,
    guildId,
    channelId: '600000000000000001',
    messageId: '700000000000000001',
    dueAt,
  });

  // the repeat's bounds are the route schema's (contracts/test/bot-settings-schemas.test.ts)
  it('schedules a post, refusing the past and a second schedule of the same id', () => {
    spec.given([]).when(schedule).then([scheduled]);
    spec
      .given([])
      .when({ ...schedule, firstAt: later(-5) })
      .thenFails('invalid', botSettingsTexts.timeInPast);
    spec.given([scheduled]).when(schedule).thenFails('conflict', botSettingsTexts.postExists);
  });

  it('refuses a new post, and a due one, in a server the poster plan does not cover, each with its reason', () => {
    const uncovered = (
      reason: 'suspended' | 'no_plan' | 'unverified' | 'other_plan' | 'plan_ended' | 'beyond_limit',
    ): PosterStanding => ({
      covered: false,
      reason,
      servers: 3,
    });
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('no_plan') })
      .thenFails('forbidden', botSettingsTexts.posterNoPlan);
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('suspended') })
      .thenFails('forbidden', suspensionTexts.restricted);
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('unverified') })
      .thenFails('forbidden', botSettingsTexts.posterUnverifiedOwner);
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('other_plan') })
      .thenFails('forbidden', botSettingsTexts.posterOtherPlan);
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('plan_ended') })
      .thenFails('forbidden', botSettingsTexts.posterPlanEnded);
    spec
      .given([])
      .when({ ...schedule, standing: uncovered('beyond_limit') })
      .thenFails('forbidden', botSettingsTexts.posterServerLimit(3));
    expect(botSettingsTexts.posterServerLimit(3)).to.contain('up to 3 servers');

    const due = { type: 'CheckVideoPostDue' as const, postId, guildId, standing: covered };
    spec.given([scheduled]).when(due).then([]);
    spec
      .given([scheduled])
      .when({ ...due, standing: uncovered('plan_ended') })
      .thenFails('forbidden', botSettingsTexts.posterPlanEnded);
    spec
      .given([scheduled])
      .when({ ...due, guildId: '200000000000000999' })
      .thenFails('not_found', botSettingsTexts.unknownPost);
  });

  it('a re-post shows what the original showed, and only in its own server', () => {
    const original = [scheduled].reduce(videoPostDecider.evolve, videoPostDecider.initialState());
    expect(contentToRepost(original, guildId)).to.deep.equal(content);
    expect(() => contentToRepost(original, '200000000000000999')).to.throw(botSettingsTexts.unknownPost);
    expect(() => contentToRepost(videoPostDecider.initialState(), guildId)).to.throw(botSettingsTexts.unknownPost);
  });

  it('records each slot once, in order', () => {
    const first = {
      type: 'VideoPosted' as const,
      data: {
        postId,
        guildId,
        channelId: '600000000000000001',
        messageId: '700000000000000001',
        dueAt: later(10),
        postedAt: at,
      },
    };
    spec
      .given([scheduled])
      .when(posted(later(10)))
      .then([first]);
    spec
      .given([scheduled, first])
      .when(posted(later(10)))
      .then([]);
    spec
      .given([scheduled, first])
      .when(posted(later(70)))
      .then([{ ...first, data: { ...first.data, dueAt: later(70) } }]);
  });

  it('a one-off post is sent once, and cannot be cancelled afterwards', () => {
    const oneOff = { ...scheduled, data: { ...scheduled.data, repeatMinutes: null } };
    const sent = {
      type: 'VideoPosted' as const,
      data: {
        postId,
        guildId,
        channelId: '600000000000000001',
        messageId: '700000000000000001',
        dueAt: later(10),
        postedAt: at,
      },
    };
    spec
      .given([oneOff, sent])
      .when(posted(later(20)))
      .then([]);
    spec.given([oneOff, sent]).when({ type: 'CancelVideoPost', postId, guildId, cancelledBy: by }).then([]);
  });

  it("cancels, and treats another server's post as unknown", () => {
    spec
      .given([scheduled])
      .when({ type: 'CancelVideoPost', postId, guildId, cancelledBy: by })
      .then([{ type: 'VideoPostCancelled', data: { postId, guildId, cancelledBy: by, cancelledAt: at } }]);
    spec
      .given([scheduled])
      .when({ type: 'CancelVideoPost', postId, guildId: '200000000000000999', cancelledBy: by })
      .thenFails('not_found', botSettingsTexts.unknownPost);
    spec
      .given([])
      .when(posted(later(10)))
      .thenFails('not_found', botSettingsTexts.unknownPost);
  });
});
