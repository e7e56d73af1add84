import { randomUUID } from 'node:crypto';
import type {
  CancelVideoPostRequest,
  ChooseVipRoleRequest,
  GuildReportRequest,
  LinkCommandRequest,
  ManagementCheckAnswer,
  RepostVideoRequest,
  ScheduleVideoPostRequest,
  SetLogChannelRequest,
  StartAutoPingRequest,
  StopAutoPingRequest,
  VideoDueRequest,
  VideoPostedRequest,
  VipRoleFailedRequest,
} from '@vip/contracts';
import {
  botSettingsPaths,
  type CallAnswerOf,
  type CallBodyOf,
  discordPaths,
  type PathParamsArg,
  type PlainRoute,
  pathOf,
  serversPaths,
  vipRolesPaths,
  whitelistPaths,
} from '@vip/contracts';
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

/** A call of a catalogue route: the route, and its path with the parameters filled in (never written here). */
function to<Route extends PlainRoute>(route: Route, ...params: PathParamsArg<Route>) {
  return { route, path: pathOf(route, ...params) };
}

/** The body a route takes, when it takes one. */
type BodyArg<Route extends PlainRoute> = CallBodyOf<Route> extends undefined ? [] : [body: CallBodyOf<Route>];

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
  private async call<Route extends PlainRoute>(
    { route: { method }, path }: { route: Route; path: string },
    ...[body]: BodyArg<Route>
  ): Promise<CallAnswerOf<Route>> {
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
        return parsed as CallAnswerOf<Route>;
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
    return this.call(to(serversPaths.reportGuild, { id: guildId }), report);
  }
  leaveGuild(guildId: string) {
    return this.call(to(serversPaths.leaveGuild, { id: guildId }));
  }
  redeemKey(guildId: string, discordUserId: string, key: string) {
    return this.call(to(vipRolesPaths.redeemKey), { guildId, discordUserId, key });
  }
  /** `until`: the end of the window the role was taken away for; a key redeemed since keeps it open (`openUntil`). */
  vipRoleRemoved(guildId: string, discordUserId: string, until: number) {
    return this.call(to(vipRolesPaths.roleRemoved), {
      guildId,
      discordUserId,
      until: new Date(until).toISOString(),
    });
  }
  whitelistRoleRemoved(guildId: string, userId: string) {
    return this.call(to(whitelistPaths.roleRemoved), { guildId, userId });
  }
  chooseVipRole(guildId: string, request: ChooseVipRoleRequest) {
    return this.call(to(botSettingsPaths.vipRole, { id: guildId }), request);
  }
  setLogChannel(guildId: string, request: SetLogChannelRequest) {
    return this.call(to(botSettingsPaths.logChannel, { id: guildId }), request);
  }
  startAutoPing(guildId: string, request: StartAutoPingRequest) {
    return this.call(to(botSettingsPaths.autoPing, { id: guildId }), request);
  }
  stopAutoPing(guildId: string, request: StopAutoPingRequest) {
    return this.call(to(botSettingsPaths.stopAutoPing, { id: guildId }), request);
  }
  scheduleVideoPost(request: ScheduleVideoPostRequest) {
    return this.call(to(botSettingsPaths.scheduleVideo), request);
  }
  cancelVideoPost(postId: string, request: CancelVideoPostRequest) {
    return this.call(to(botSettingsPaths.cancelVideo, { postId }), request);
  }
  repostVideo(postId: string, request: RepostVideoRequest) {
    return this.call(to(botSettingsPaths.repostVideo, { postId }), request);
  }
  /** Refused (403, with the member-facing reason) when the server's plan no longer covers the poster bot. */
  videoDue(postId: string, request: VideoDueRequest) {
    return this.call(to(botSettingsPaths.videoDue, { postId }), request);
  }
  videoPosted(postId: string, request: VideoPostedRequest) {
    return this.call(to(botSettingsPaths.videoPosted, { postId }), request);
  }
  /** /link: refused with a code (link_code_unknown, not_server_manager, ...) the command words for the member. */
  link(request: LinkCommandRequest) {
    return this.call(to(discordPaths.link), request);
  }
  /** Discord refused a VIP role change: the panel's server card shows it, the statistics count it. */
  vipRoleFailed(guildId: string, request: VipRoleFailedRequest) {
    return this.call(to(vipRolesPaths.failed, { id: guildId }), request);
  }
  vipRoleFixed(guildId: string) {
    return this.call(to(vipRolesPaths.fixed, { id: guildId }));
  }
  answerManagementCheck(checkId: string, answer: ManagementCheckAnswer) {
    return this.call(to(discordPaths.answerCheck, { checkId }), answer);
  }
}
