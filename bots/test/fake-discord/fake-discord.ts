import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelType, GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import { answersOf, type InteractionAnswer, waitFor } from './answers.ts';
import { FakeGateway } from './gateway.ts';
import { type HostileCounts, type Hostility, hostileAnswer } from './hostile.ts';
import {
  buttonPayload,
  type CommandOption,
  type InteractionWhere,
  modalSubmitPayload,
  type SentInteraction,
  slashCommandPayload,
} from './interactions.ts';
import { FakeOAuth } from './oauth.ts';
import {
  type FakeBot,
  type FakeGuild,
  guildPayload,
  memberPayload,
  rolePayload,
  snowflake,
  userPayload,
} from './payloads.ts';
import { handleRest, type RestAnswer, type RestCall } from './rest.ts';

export { type InteractionAnswer, waitFor } from './answers.ts';
export type { Hostility } from './hostile.ts';
export { option } from './interactions.ts';
export type { RestCall } from './rest.ts';

/** The permissions a bot's own role has unless a test says otherwise. */
export const BOT_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.ManageRoles |
  PermissionFlagsBits.MentionEveryone;

/**
 * A fake Discord (REST + gateway) that drives a real discord.js client: point the client's
 * `rest.api` at `apiUrl` and it learns the gateway address from GET /gateway/bot. Tests build
 * servers, inject gateway events (interactions, member joins and leaves) and assert on the
 * REST calls it recorded.
 */
export class FakeDiscord {
  readonly calls: RestCall[] = [];
  readonly guilds = new Map<string, FakeGuild>();
  /** interaction id → the interaction, for callbacks (which carry no bot token). */
  readonly interactions = new Map<string, SentInteraction>();
  /** Discord's recommendation in GET /gateway/bot. */
  shardCount = 1;
  readonly identified: { bot: string; shard: [number, number]; intents: number; at: number }[] = [];
  /** Sign in with Discord: the authorize page, the code exchange, /users/@me and its guilds. */
  readonly oauth = new FakeOAuth(() => this.guilds.values());
  /** Set to make a share of role calls fail as Discord does on a bad day (429s, 5xx). */
  hostility: Hostility | null = null;
  readonly hostileCounts: HostileCounts = { rateLimited: 0, serverErrors: 0 };
  private readonly failures: { method: string; path: RegExp; status: number; body: unknown }[] = [];
  private readonly gateway: FakeGateway;

  private constructor(
    private readonly server: http.Server,
    readonly bots: FakeBot[],
  ) {
    this.gateway = new FakeGateway(server, {
      bots,
      guildsOf: (bot) => [...this.guilds.values()].filter((guild) => guild.members.has(bot.userId)),
      url: () => this.gatewayUrl,
      onIdentify: (session) =>
        this.identified.push({
          bot: session.bot!.name,
          shard: session.shard,
          intents: session.intents,
          at: Date.now(),
        }),
    });
  }

  static async start(bots: FakeBot[]): Promise<FakeDiscord> {
    let fake: FakeDiscord | undefined;
    const server = http.createServer((request, response) => void fake!.handle(request, response));
    fake = new FakeDiscord(server, bots);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  /** What DISCORD_API_URL / `rest.api` should be. */
  get apiUrl(): string {
    return `${this.url}/api`;
  }
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway`;
  }

  bot(name: string): FakeBot {
    const bot = this.bots.find((candidate) => candidate.name === name);
    if (!bot) throw new Error(`no fake bot ${name}`);
    return bot;
  }

  /** A server with @everyone, the given text channels, the owner, and each bot with its own role. */
  addGuild(spec: {
    id: string;
    name: string;
    ownerId: string;
    channels: { id: string; name: string }[];
    bots: string[];
    botPermissions?: bigint;
  }): FakeGuild {
    const guild: FakeGuild = {
      id: spec.id,
      name: spec.name,
      icon: null,
      ownerId: spec.ownerId,
      roles: new Map(),
      channels: new Map(),
      members: new Map(),
    };
    guild.roles.set(spec.id, {
      id: spec.id,
      name: '@everyone',
      permissions: PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages,
      position: 0,
      managed: false,
    });
    for (const [position, channel] of spec.channels.entries()) {
      guild.channels.set(channel.id, { ...channel, type: ChannelType.GuildText, position });
    }
    this.addMember(guild, spec.ownerId, 'owner');
    spec.bots.forEach((name, index) => {
      const bot = this.bot(name);
      const roleId = snowflake();
      guild.roles.set(roleId, {
        id: roleId,
        name: bot.username,
        permissions: spec.botPermissions ?? BOT_PERMISSIONS,
        position: 10 + index,
        managed: true,
        botId: bot.userId,
      });
      guild.members.set(bot.userId, {
        userId: bot.userId,
        username: bot.username,
        bot: true,
        roles: [roleId],
        joinedAt: new Date().toISOString(),
      });
    });
    this.guilds.set(guild.id, guild);
    return guild;
  }

  addMember(guild: FakeGuild, userId: string, username: string, roles: string[] = []): void {
    guild.members.set(userId, { userId, username, bot: false, roles, joinedAt: new Date().toISOString() });
  }

  /** A role placed at `position` (the bots' roles start at 10). */
  addRole(guild: FakeGuild, spec: { id: string; name: string; position: number; permissions?: bigint }): void {
    guild.roles.set(spec.id, {
      id: spec.id,
      name: spec.name,
      position: spec.position,
      permissions: spec.permissions ?? 0n,
      managed: false,
    });
  }

  /** A role is moved (an admin drags it in Server Settings): GUILD_ROLE_UPDATE to the bots in the server. */
  moveRole(guildId: string, roleId: string, position: number): void {
    const guild = this.guild(guildId);
    const role = guild.roles.get(roleId);
    if (!role) throw new Error(`no role ${roleId} in ${guildId}`);
    role.position = position;
    for (const bot of this.botsIn(guild))
      for (const session of this.gateway.sessionsFor(bot, guildId))
        session.dispatch('GUILD_ROLE_UPDATE', { guild_id: guildId, role: rolePayload(role) });
  }

  /** The bot's gateway connections drop (a network blip); discord.js comes back with RESUME. */
  dropGateway(botName: string): void {
    this.gateway.drop(this.bot(botName));
  }

  /** Each RESUME the gateway accepted. */
  get resumes(): readonly { bot: string; at: number }[] {
    return this.gateway.resumed;
  }

  /** The bot is added to a new server: GUILD_CREATE to the shard that holds it. */
  botJoins(botName: string, spec: Parameters<FakeDiscord['addGuild']>[0]): FakeGuild {
    const guild = this.addGuild({ ...spec, bots: [botName] });
    for (const session of this.gateway.sessionsFor(this.bot(botName), guild.id))
      session.dispatch('GUILD_CREATE', guildPayload(guild));
    return guild;
  }

  /** The bot is removed from a server: GUILD_DELETE without `unavailable`. */
  botLeaves(botName: string, guildId: string): void {
    const bot = this.bot(botName);
    const sessions = this.gateway.sessionsFor(bot, guildId);
    this.guild(guildId).members.delete(bot.userId);
    for (const session of sessions) session.dispatch('GUILD_DELETE', { id: guildId });
  }

  /** The server is renamed: GUILD_UPDATE. */
  renameGuild(guildId: string, name: string): void {
    const guild = this.guild(guildId);
    guild.name = name;
    const { members: _members, channels: _channels, ...update } = guildPayload(guild);
    for (const bot of this.botsIn(guild))
      for (const session of this.gateway.sessionsFor(bot, guildId)) session.dispatch('GUILD_UPDATE', update);
  }

  /** A member joins: GUILD_MEMBER_ADD to the bots that asked for the Server Members intent. */
  memberJoins(guildId: string, userId: string, username: string): void {
    const guild = this.guild(guildId);
    this.addMember(guild, userId, username);
    const payload = { ...memberPayload(guild.members.get(userId)!), guild_id: guildId };
    for (const bot of this.botsIn(guild))
      for (const session of this.gateway.sessionsFor(bot, guildId, GatewayIntentBits.GuildMembers))
        session.dispatch('GUILD_MEMBER_ADD', payload);
  }

  memberLeaves(guildId: string, userId: string): void {
    const guild = this.guild(guildId);
    const member = guild.members.get(userId);
    guild.members.delete(userId);
    const payload = { guild_id: guildId, user: userPayload(userId, member?.username ?? 'gone') };
    for (const bot of this.botsIn(guild))
      for (const session of this.gateway.sessionsFor(bot, guildId, GatewayIntentBits.GuildMembers))
        session.dispatch('GUILD_MEMBER_REMOVE', payload);
  }

  slashCommand(
    botName: string,
    where: { guildId: string; channelId: string; userId: string },
    name: string,
    options: CommandOption[] = [],
    subcommand?: string,
  ): SentInteraction {
    const bot = this.bot(botName);
    return this.sendInteraction(
      bot,
      where.guildId,
      slashCommandPayload(bot, this.where(where), name, options, subcommand),
    );
  }

  button(
    botName: string,
    where: { guildId: string; channelId: string; userId: string },
    customId: string,
  ): SentInteraction {
    const bot = this.bot(botName);
    return this.sendInteraction(bot, where.guildId, buttonPayload(bot, this.where(where), customId));
  }

  modalSubmit(
    botName: string,
    where: { guildId: string; channelId: string; userId: string },
    customId: string,
    fields: Record<string, string>,
  ): SentInteraction {
    const bot = this.bot(botName);
    return this.sendInteraction(bot, where.guildId, modalSubmitPayload(bot, this.where(where), customId, fields));
  }

  /** The visible answers to an interaction so far, in order (calls the fake refused do not count). */
  answers(interaction: SentInteraction): InteractionAnswer[] {
    return answersOf(this.calls, interaction);
  }

  /** Waits for the interaction's first visible answer (a deferred reply counts once edited). */
  async answerTo(interaction: SentInteraction, timeoutMs = 10_000): Promise<InteractionAnswer> {
    return waitFor(() => this.answers(interaction)[0], timeoutMs, `an answer to interaction ${interaction.id}`);
  }

  async waitForCall(
    predicate: (call: RestCall) => boolean,
    timeoutMs = 10_000,
    label = 'a REST call',
  ): Promise<RestCall> {
    return waitFor(() => this.calls.find(predicate), timeoutMs, label);
  }

  callsTo(method: string, path: string | RegExp): RestCall[] {
    return this.calls.filter(
      (call) => call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path)),
    );
  }

  /** The next call that matches answers with this error instead (e.g. 403 Missing Permissions). */
  failNext(method: string, path: RegExp, status: number, body: unknown): void {
    this.failures.push({ method, path, status, body });
  }

  guild(id: string): FakeGuild {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`no fake guild ${id}`);
    return guild;
  }

  async close(): Promise<void> {
    this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private where({
    guildId,
    channelId,
    userId,
  }: {
    guildId: string;
    channelId: string;
    userId: string;
  }): InteractionWhere {
    return { guild: this.guild(guildId), channelId, userId };
  }

  private botsIn(guild: FakeGuild): FakeBot[] {
    return this.bots.filter((bot) => guild.members.has(bot.userId));
  }

  private sendInteraction(bot: FakeBot, guildId: string, payload: { id: string; token: string }): SentInteraction {
    const sessions = this.gateway.sessionsFor(bot, guildId);
    if (sessions.length === 0) throw new Error(`bot ${bot.name} is not connected for ${guildId}`);
    const sent = { id: payload.id, token: payload.token, bot };
    this.interactions.set(payload.id, sent);
    for (const session of sessions) session.dispatch('INTERACTION_CREATE', payload);
    return sent;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.url);
    const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, '');
    const token = (request.headers.authorization ?? '').replace(/^Bot /, '');
    const call: RestCall = {
      method: request.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      body: raw && (request.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : raw || undefined,
      bot: this.bots.find((bot) => bot.token === token)?.name ?? null,
      reason: request.headers['x-audit-log-reason']
        ? decodeURIComponent(String(request.headers['x-audit-log-reason']))
        : undefined,
      at: Date.now(),
    };
    this.calls.push(call);
    const oauth = this.oauth.answer(call, request);
    if (oauth) return FakeOAuth.send(response, oauth);
    const failure = this.failures.findIndex(
      (candidate) => candidate.method === call.method && candidate.path.test(path),
    );
    const answer: RestAnswer =
      failure >= 0
        ? this.failures.splice(failure, 1)[0]
        : ((this.hostility && hostileAnswer(call, this.hostility, this.hostileCounts)) ?? handleRest(this, call));
    call.status = answer.status;
    response.statusCode = answer.status;
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    if (answer.body === undefined) return void response.end();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.body));
  }
}
