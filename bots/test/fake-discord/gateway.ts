import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { GatewayIntentBits } from 'discord.js';
import { WebSocketServer, type WebSocket } from 'ws';
import { guildPayload, userPayload, type FakeBot, type FakeGuild } from './payloads.ts';

/** One bot connection: Discord's JSON gateway protocol, op codes and sequence numbers. */
export class GatewaySession {
  private seq = 0;
  readonly sessionId = randomUUID();
  bot: FakeBot | undefined;
  shard: [number, number] = [0, 1];
  intents = 0;

  constructor(readonly socket: WebSocket) {}

  send(payload: { op: number; d: unknown; t?: string | null; s?: number | null }): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify({ t: null, s: null, ...payload }));
  }

  dispatch(type: string, data: unknown): void {
    this.send({ op: 0, t: type, s: ++this.seq, d: data });
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
 * the shard, heartbeats, and RESUME answered with "invalid session" (the bot identifies again).
 */
export class FakeGateway {
  readonly sessions = new Set<GatewaySession>();
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
    const session = new GatewaySession(ws);
    this.sessions.add(session);
    ws.on('close', () => this.sessions.delete(session));
    ws.on('message', (raw) => this.receive(session, JSON.parse(raw.toString()) as { op: number; d: any }));
    session.send({ op: 10, d: { heartbeat_interval: 41_250 } });
  }

  private receive(session: GatewaySession, message: { op: number; d: any }): void {
    switch (message.op) {
      case 1: // heartbeat
        return session.send({ op: 11, d: null });
      case 2:
        return this.identify(session, message.d);
      case 6: // resume: this fake keeps no sessions, start over
        return session.send({ op: 9, d: false });
      default:
        return; // presence updates, member requests: nothing to do
    }
  }

  private identify(
    session: GatewaySession,
    identify: { token: string; intents: number; shard?: [number, number] },
  ): void {
    const bot = this.world.bots.find((candidate) => candidate.token === identify.token.replace(/^Bot /, ''));
    if (!bot) return session.socket.close(4004, 'Authentication failed.');
    if (bot.membersIntentDisallowed && (identify.intents & GatewayIntentBits.GuildMembers) !== 0) {
      return session.socket.close(4014, 'Disallowed intent(s).');
    }
    session.bot = bot;
    session.intents = identify.intents;
    session.shard = identify.shard ?? [0, 1];
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
  }

  /** Every connection of a bot that holds the server (its shard), optionally needing an intent. */
  sessionsFor(bot: FakeBot, guildId: string, intent?: GatewayIntentBits): GatewaySession[] {
    return [...this.sessions].filter(
      (session) => session.bot === bot && session.holds(guildId) && (intent === undefined || session.wants(intent)),
    );
  }

  close(): void {
    for (const session of this.sessions) session.socket.terminate();
    this.server.close();
  }
}
