import type {
  BotSettingResponse,
  CancelVideoPostRequest,
  ChooseVipRoleRequest,
  GuildReportRequest,
  GuildReportResponse,
  RedeemKeyResponse,
  RepostVideoRequest,
  ScheduleVideoPostRequest,
  SetLogChannelRequest,
  StartAutoPingRequest,
  StopAutoPingRequest,
  VideoPostScheduledResponse,
  VideoDueRequest,
  VideoPostedRequest,
  VipRoleFailedRequest,
  VipRoleProblemResponse,
  VipRoleRemovedResponse,
  WhitelistRoleRemovedResponse,
} from '@vip/contracts';
import type {
  LinkCommandRequest,
  LinkCommandResponse,
  ManagementCheckAnswer,
  ManagementCheckAnsweredResponse,
} from '@vip/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@vip/platform';

/** The product refused a call: its status, its text (spec wording), its code and the request's correlation id. */
export class ProductApiError extends Error {
  readonly name = 'ProductApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly correlationId?: string,
  ) {
    super(message);
  }
}

const RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The bots' only way to change anything: the command service's /api/bot/* routes with the
 * service token. Network failures and 5xx are retried briefly (every call here is safe to
 * repeat: the deciders turn a repeat into "nothing new"); a 4xx is the product saying no.
 */
export class ProductApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
    private readonly logger: Logger,
  ) {}

  /**
   * Each call carries a correlation id (the same over its retries) that the API stores in the
   * metadata of every event the call causes and echoes back; the bot logs the echoed id, so
   * one id leads from a Discord interaction through the API's access log to the events and
   * the projection that applied them.
   */
  private async call<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const sentCorrelationId = randomUUID();
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.token ?? ''}`,
            'x-correlation-id': sentCorrelationId,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        if (attempt >= RETRIES) throw error;
        this.logger.warn(
          { err: error, method, path, attempt, correlationId: sentCorrelationId },
          'product API unreachable, retrying',
        );
        await sleep(500 * 2 ** attempt);
        continue;
      }
      const correlationId = response.headers.get('x-correlation-id') ?? sentCorrelationId;
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = { error: text.slice(0, 200) };
      }
      if (response.ok) {
        this.logger.debug({ method, path, status: response.status, correlationId }, 'product API answered');
        return parsed as T;
      }
      if (response.status >= 500 && attempt < RETRIES) {
        this.logger.warn(
          { method, status: response.status, path, attempt, correlationId },
          'product API failed, retrying',
        );
        await sleep(500 * 2 ** attempt);
        continue;
      }
      const { error, code } = (parsed ?? {}) as { error?: string; code?: string };
      this.logger.info({ method, path, status: response.status, code, correlationId }, 'product API refused');
      throw new ProductApiError(response.status, error ?? `HTTP ${response.status}`, code, correlationId);
    }
  }

  reportGuild(guildId: string, report: GuildReportRequest) {
    return this.call<GuildReportResponse>('POST', `/api/bot/guilds/${guildId}`, report);
  }
  leaveGuild(guildId: string) {
    return this.call<GuildReportResponse>('DELETE', `/api/bot/guilds/${guildId}`);
  }
  redeemKey(guildId: string, discordUserId: string, key: string) {
    return this.call<RedeemKeyResponse>('POST', '/api/bot/keys/redeem', { guildId, discordUserId, key });
  }
  vipRoleRemoved(guildId: string, discordUserId: string) {
    return this.call<VipRoleRemovedResponse>('POST', '/api/bot/vip/removed', { guildId, discordUserId });
  }
  whitelistRoleRemoved(guildId: string, userId: string) {
    return this.call<WhitelistRoleRemovedResponse>('POST', '/api/bot/whitelist/removed', { guildId, userId });
  }
  chooseVipRole(guildId: string, request: ChooseVipRoleRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/guilds/${guildId}/vip-role`, request);
  }
  setLogChannel(guildId: string, request: SetLogChannelRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/guilds/${guildId}/log-channel`, request);
  }
  startAutoPing(guildId: string, request: StartAutoPingRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/guilds/${guildId}/auto-ping`, request);
  }
  stopAutoPing(guildId: string, request: StopAutoPingRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/guilds/${guildId}/auto-ping/stop`, request);
  }
  scheduleVideoPost(request: ScheduleVideoPostRequest) {
    return this.call<VideoPostScheduledResponse>('POST', '/api/bot/videos', request);
  }
  cancelVideoPost(postId: string, request: CancelVideoPostRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/videos/${postId}/cancel`, request);
  }
  repostVideo(postId: string, request: RepostVideoRequest) {
    return this.call<VideoPostScheduledResponse>('POST', `/api/bot/videos/${postId}/repost`, request);
  }
  /** Refused (403, with the member-facing reason) when the server's plan no longer covers the poster bot. */
  videoDue(postId: string, request: VideoDueRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/videos/${postId}/due`, request);
  }
  videoPosted(postId: string, request: VideoPostedRequest) {
    return this.call<BotSettingResponse>('POST', `/api/bot/videos/${postId}/posted`, request);
  }
  /** /link: refused with a code (link_code_unknown, not_server_manager, ...) the command words for the member. */
  link(request: LinkCommandRequest) {
    return this.call<LinkCommandResponse>('POST', '/api/bot/discord/link', request);
  }
  /** Discord refused a VIP role change: the panel's server card shows it, the statistics count it. */
  vipRoleFailed(guildId: string, request: VipRoleFailedRequest) {
    return this.call<VipRoleProblemResponse>('POST', `/api/bot/guilds/${guildId}/vip-role/failed`, request);
  }
  vipRoleFixed(guildId: string) {
    return this.call<VipRoleProblemResponse>('POST', `/api/bot/guilds/${guildId}/vip-role/fixed`);
  }
  answerManagementCheck(checkId: string, answer: ManagementCheckAnswer) {
    return this.call<ManagementCheckAnsweredResponse>('POST', `/api/bot/management-checks/${checkId}`, answer);
  }
}
