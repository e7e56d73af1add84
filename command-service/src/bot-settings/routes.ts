import { randomUUID } from 'node:crypto';
import { type BotSettingResponse, botSettingsApi, type VideoPostScheduledResponse } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { isBotInServer } from '../servers/servers.reads.ts';
import { autoPings, botSettings, posterStanding, videoPostOf, videoPosts } from './bot-settings.commands.ts';
import { contentToRepost, type VideoPostCommand } from './video-post.decider.ts';

const answer = ({ events, position }: { events: unknown[]; position: number | null }): BotSettingResponse => ({
  success: true,
  changed: events.length > 0,
  position,
});

/** The bots' own settings and schedules (/setrole, /setlog, /auto, /postvideo, /videos). */
export function botSettingsRoutes(deps: CommandDeps): MountedRoute[] {
  const keyBotPresent = (guildId: string) => isBotInServer(deps, guildId);
  const standingOf = (guildId: string) => posterStanding(deps.eventStore, guildId, new Date());

  /** A new post (/postvideo, or a Re-post of one in the library), answered with what was scheduled. */
  const schedule = async (
    ctx: Parameters<typeof commandContext>[0],
    command: Omit<VideoPostCommand & { type: 'ScheduleVideoPost' }, 'type' | 'postId' | 'standing'>,
  ): Promise<VideoPostScheduledResponse> => {
    const postId = randomUUID();
    const { events, position } = await videoPosts(
      deps,
      { type: 'ScheduleVideoPost', postId, ...command, standing: await standingOf(command.guildId) },
      commandContext(ctx),
      { withoutReading: 'new' },
    );
    const scheduled = events.find((event) => event.type === 'VideoPostScheduled');
    if (!scheduled) throw new Error('scheduling appended no VideoPostScheduled');
    return {
      success: true,
      postId,
      firstAt: scheduled.data.firstAt,
      repeatMinutes: scheduled.data.repeatMinutes,
      position,
    };
  };

  return [
    on(botSettingsApi.vipRole, async ({ ctx, params: { id: guildId }, body: { roleId, chosenBy } }) => {
      const command = {
        type: 'ChooseVipRole' as const,
        guildId,
        roleId,
        chosenBy,
        botPresent: await keyBotPresent(guildId),
      };
      return answer(await botSettings(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.logChannel, async ({ ctx, params: { id: guildId }, body: { channelId, setBy } }) => {
      const command = {
        type: 'SetLogChannel' as const,
        guildId,
        channelId,
        setBy,
        botPresent: await keyBotPresent(guildId),
      };
      return answer(await botSettings(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.autoPing, async ({ ctx, params: { id: guildId }, body }) => {
      const command = { type: 'StartAutoPing' as const, guildId, ...body, botPresent: await keyBotPresent(guildId) };
      return answer(await autoPings(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.stopAutoPing, async ({ ctx, params: { id: guildId }, body: { stoppedBy } }) => {
      const command = { type: 'StopAutoPing' as const, guildId, stoppedBy };
      return answer(await autoPings(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.scheduleVideo, async ({ ctx, body }) => schedule(ctx, { ...body, repostOf: null })),

    on(botSettingsApi.repostVideo, async ({ ctx, params: { postId }, body: { guildId, repostedBy } }) => {
      const original = await videoPostOf(deps, postId);
      const content = contentToRepost(original, guildId);
      return schedule(ctx, {
        guildId,
        ...content,
        repostOf: postId,
        firstAt: new Date().toISOString(),
        repeatMinutes: null,
        scheduledBy: repostedBy,
      });
    }),

    on(botSettingsApi.videoDue, async ({ ctx, params: { postId }, body: { guildId } }) => {
      const command = { type: 'CheckVideoPostDue' as const, postId, guildId, standing: await standingOf(guildId) };
      return answer(await videoPosts(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.cancelVideo, async ({ ctx, params: { postId }, body: { guildId, cancelledBy } }) => {
      const command = { type: 'CancelVideoPost' as const, postId, guildId, cancelledBy };
      return answer(await videoPosts(deps, command, commandContext(ctx)));
    }),

    on(botSettingsApi.videoPosted, async ({ ctx, params: { postId }, body: report }) => {
      const command = { type: 'RecordVideoPosted' as const, postId, ...report };
      return answer(await videoPosts(deps, command, commandContext(ctx)));
    }),
  ];
}
