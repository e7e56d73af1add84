import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  cancelVideoPostRequestSchema,
  chooseVipRoleRequestSchema,
  postIdParamSchema,
  scheduleVideoPostRequestSchema,
  serverIdParamSchema,
  setLogChannelRequestSchema,
  startAutoPingRequestSchema,
  stopAutoPingRequestSchema,
  videoPostedRequestSchema,
  type Actor,
  type BotSettingResponse,
  type VideoPostScheduledResponse,
} from '@vip/contracts';
import { requireBot, validate } from '@vip/platform';
import type { Context } from 'koa';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { isBotInServer } from '../guilds/guild.state.ts';
import { autoPingDecider, autoPingStream } from './auto-ping.decider.ts';
import { botSettingsDecider, botSettingsStream } from './bot-settings.decider.ts';
import { videoPostDecider, videoPostStream } from './video-post.decider.ts';

const keyBot: Actor = { kind: 'bot', id: 'key-bot' };
const posterBot: Actor = { kind: 'bot', id: 'poster-bot' };

const answer = (ctx: Context, { events, position }: { events: unknown[]; position: number | null }) => {
  const body: BotSettingResponse = { success: true, changed: events.length > 0, position };
  ctx.body = body;
};

/**
 * The bots' own settings and schedules (/setrole, /setlog, /auto, /postvideo, /videos). The
 * bots read them back from the log; nothing here waits for a projection.
 */
export function botSettingsRoutes(deps: CommandDeps): Router {
  const router = new Router();

  const keyBotPresent = (guildId: string) => isBotInServer(deps.eventStore, guildId);

  router.post('/api/bot/guilds/:id/vip-role', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const { roleId, chosenBy } = validate(chooseVipRoleRequestSchema, ctx.request.body);
    const command = {
      type: 'ChooseVipRole' as const,
      guildId,
      roleId,
      chosenBy,
      botPresent: await keyBotPresent(guildId),
    };
    const result = await handleCommand(
      deps.eventStore,
      botSettingsDecider,
      botSettingsStream(guildId),
      command,
      commandContext(ctx, keyBot),
    );
    answer(ctx, result);
  });

  router.post('/api/bot/guilds/:id/log-channel', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const { channelId, setBy } = validate(setLogChannelRequestSchema, ctx.request.body);
    const command = {
      type: 'SetLogChannel' as const,
      guildId,
      channelId,
      setBy,
      botPresent: await keyBotPresent(guildId),
    };
    const result = await handleCommand(
      deps.eventStore,
      botSettingsDecider,
      botSettingsStream(guildId),
      command,
      commandContext(ctx, keyBot),
    );
    answer(ctx, result);
  });

  router.post('/api/bot/guilds/:id/auto-ping', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const request = validate(startAutoPingRequestSchema, ctx.request.body);
    const command = { type: 'StartAutoPing' as const, guildId, ...request, botPresent: await keyBotPresent(guildId) };
    const result = await handleCommand(
      deps.eventStore,
      autoPingDecider,
      autoPingStream(guildId),
      command,
      commandContext(ctx, keyBot),
    );
    answer(ctx, result);
  });

  router.post('/api/bot/guilds/:id/auto-ping/stop', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const { stoppedBy } = validate(stopAutoPingRequestSchema, ctx.request.body);
    const command = { type: 'StopAutoPing' as const, guildId, stoppedBy };
    const result = await handleCommand(
      deps.eventStore,
      autoPingDecider,
      autoPingStream(guildId),
      command,
      commandContext(ctx, keyBot),
    );
    answer(ctx, result);
  });

  router.post('/api/bot/videos', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const request = validate(scheduleVideoPostRequestSchema, ctx.request.body);
    const postId = randomUUID();
    const { events, position } = await handleCommand(
      deps.eventStore,
      videoPostDecider,
      videoPostStream(postId),
      { type: 'ScheduleVideoPost', postId, ...request },
      commandContext(ctx, posterBot),
    );
    const scheduled = events.find((event) => event.type === 'VideoPostScheduled');
    if (!scheduled) throw new Error('scheduling appended no VideoPostScheduled');
    const body: VideoPostScheduledResponse = {
      success: true,
      postId,
      firstAt: scheduled.data.firstAt,
      repeatMinutes: scheduled.data.repeatMinutes,
      position,
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.post('/api/bot/videos/:postId/cancel', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const postId = validate(postIdParamSchema, ctx.params.postId);
    const { guildId, cancelledBy } = validate(cancelVideoPostRequestSchema, ctx.request.body);
    const result = await handleCommand(
      deps.eventStore,
      videoPostDecider,
      videoPostStream(postId),
      { type: 'CancelVideoPost', postId, guildId, cancelledBy },
      commandContext(ctx, posterBot),
    );
    answer(ctx, result);
  });

  router.post('/api/bot/videos/:postId/posted', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const postId = validate(postIdParamSchema, ctx.params.postId);
    const report = validate(videoPostedRequestSchema, ctx.request.body);
    const result = await handleCommand(
      deps.eventStore,
      videoPostDecider,
      videoPostStream(postId),
      { type: 'RecordVideoPosted', postId, ...report },
      commandContext(ctx, posterBot),
    );
    answer(ctx, result);
  });

  return router;
}
