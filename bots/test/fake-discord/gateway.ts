import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { GatewayIntentBits } from 'discord.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { type FakeBot, type FakeGuild, guildPayload, userPayload } from './payloads.ts';

/**
 * One bot session: Discord's JSON gateway protocol, op codes and sequence numbers. A session
 * outlives its connection: dispatches while it is away are kept, and a RESUME on a new
 * connection replays them, as Discord does.
 */
export class GatewaySession {
  private seq = 0;
  /** Recent dispatches, for a resume (Discord keeps a while of them too). */
  private readonly recent: { op: 0; t: string; s: number; d: unknown }[] = [];
  readonly sessionId = randomUUID();
  bot: FakeBot | undefined;
  shard: [number, number] = [0, 1];
  intents = 0;
  /** When the connection was lost; null while connected. */
  lostAt: number | null = null;

  constructor(public socket: WebSocket) {}

  send(payload: { op: number; d: unknown; t?: string | null; s?: number | null }): void {
    if (this.lostAt === null && this.socket.readyState === this.socket.OPEN)
      this.socket.send(JSON.stringify({ t: null, s: null, ...payload }));
  }

  dispatch(type: string, data: unknown): void {
    const payload = { op: 0 as const, t: type, s: ++this.seq, d: data };
    this.recent.push(payload);
    if (this.recent.length > 5_000) this.recent.shift();
    this.send(payload);
  }

  /** The bot came back with RESUME: what it missed since `seq`, then RESUMED. */
  resume(socket: WebSocket, seq: number): void {
    this.socket = socket;
    this.lostAt = null;
    for (const payload of this.recent) if (payload.s > seq) this.send(payload);
    this.dispatch('RESUMED', {});
  }

  /** Discord sends a server to the shard (guild_id >> 22) % shard_count. */
  holds(guildId: string): boolean {
    return Number((BigInt(guildId) >> 22n) % BigInt(this.shard[1])) === this.shard[0];
  }

  wants(intent: GatewayIntentBits): boolean {
    return (this.intents & intent) !== 0;
  }
}

export interface GatewayWorld {
  bots: FakeBot[];
  /** The servers a bot is in (its member is there). */
  guildsOf(bot: FakeBot): FakeGuild[];
  url(): string;
  onIdentify(session: GatewaySession): void;
}

/**
 * The gateway at ws://…/gateway: HELLO, IDENTIFY → READY and a GUILD_CREATE per server of
 * the shard, heartbeats, and RESUME of a session lost within a minute (what it missed, then
 * RESUMED); an unknown or older session is answered "invalid session" (the bot identifies again).
 */
export class FakeGateway {
  readonly sessions = new Set<GatewaySession>();
  /** Each RESUME the gateway accepted. */
  readonly resumed: { bot: string; at: number }[] = [];
  private readonly server = new WebSocketServer({ noServer: true });

  constructor(
    http: http.Server,
    private readonly world: GatewayWorld,
  ) {
    http.on('upgrade', (request, socket, head) => {
      if (!request.url?.startsWith('/gateway')) return socket.destroy();
      this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
  }

  private accept(ws: WebSocket): void {
    let session: GatewaySession | undefined;
    ws.on('close', () => {
      if (session?.socket === ws) session.lostAt = Date.now();
    });
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { op: number; d: any };
      if (message.op === 2) session = this.identify(new GatewaySession(ws), message.d);
      else if (message.op === 6) session = this.resume(ws, message.d);
      else if (message.op === 1) ws.send(JSON.stringify({ op: 11, d: null, t: null, s: null }));
      // presence updates, member requests: nothing to do
    });
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 }, t: null, s: null }));
  }

  private resume(
    ws: WebSocket,
    resume: { token: string; session_id: string; seq: number },
  ): GatewaySession | undefined {
    const session = [...this.sessions].find((candidate) => candidate.sessionId === resume.session_id);
    const fresh = session?.lostAt == null || Date.now() - session.lostAt < 60_000;
    if (!session || !fresh || session.bot?.token !== resume.token.replace(/^Bot /, '')) {
      ws.send(JSON.stringify({ op: 9, d: false, t: null, s: null }));
      return undefined;
    }
    if (session.socket !== ws) session.socket.terminate();
    session.resume(ws, resume.seq);
    this.resumed.push({ bot: session.bot.name, at: Date.now() });
    return session;
  }

  /** The connections of a bot drop (a network blip): its sessions wait for a RESUME. */
  drop(bot: FakeBot): void {
    for (const session of this.sessions) if (session.bot === bot && session.lostAt === null) session.socket.terminate();
  }

  private identify(
    session: GatewaySession,
    identify: { token: string; intents: number; shard?: [number, number] },
  ): GatewaySession | undefined {
    const bot = this.world.bots.find((candidate) => candidate.token === identify.token.replace(/^Bot /, ''));
    if (!bot) return void session.socket.close(4004, 'Authentication failed.');
    if (bot.membersIntentDisallowed && (identify.intents & GatewayIntentBits.GuildMembers) !== 0) {
      return void session.socket.close(4014, 'Disallowed intent(s).');
    }
    session.bot = bot;
    session.intents = identify.intents;
    session.shard = identify.shard ?? [0, 1];
    // a new session of the same shard replaces any the bot lost
    for (const old of this.sessions)
      if (old.bot === bot && old.shard[0] === session.shard[0] && old.shard[1] === session.shard[1])
        this.sessions.delete(old);
    this.sessions.add(session);
    const guilds = this.world.guildsOf(bot).filter((guild) => session.holds(guild.id));
    session.dispatch('READY', {
      v: 10,
      user: userPayload(bot.userId, bot.username, true),
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.sessionId,
      resume_gateway_url: this.world.url(),
      shard: session.shard,
      application: { id: bot.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    for (const guild of guilds) session.dispatch('GUILD_CREATE', guildPayload(guild));
    this.world.onIdentify(session);
    return session;
  }

  /**
   * Every session of a bot that holds the server (its shard), optionally needing an intent;
   * one whose connection dropped keeps what it is sent for its RESUME.
   */
  sessionsFor(bot: FakeBot, guildId: string, intent?: GatewayIntentBits): GatewaySession[] {
    return [...this.sessions].filter(
      (session) => session.bot === bot && session.holds(guildId) && (intent === undefined || session.wants(intent)),
    );
  }

  close(): void {
    for (const session of this.sessions) session.socket.terminate();
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }
}
