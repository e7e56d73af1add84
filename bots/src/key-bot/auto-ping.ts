import type { Logger } from '@vip/platform';
import type { BotsConfig } from '../config.ts';
import { keyPageUrl } from '../config.ts';
import { ownsGuild } from '../shared/discord-client.ts';
import { DueTimers } from '../shared/due-timers.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import type { AutoPing, KeyBotState } from './key-bot-state.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'client' | 'config' | 'logger' | 'standings' | 'state'>;

/**
 * The first ping slot strictly after `now`: pings fall every interval from the start. A
 * bot that was down at a slot does not catch up; it pings again at the next one.
 */
export function nextPingAt(startedAt: number, intervalMs: number, now: number): number {
  const elapsed = Math.max(0, now - startedAt);
  return startedAt + (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
}

/** /auto ping: a reminder about keys every N hours, from AutoPingStarted until AutoPingStopped. */
export class AutoPings implements KeyBotPart {
  readonly name = 'autoPings';
  private readonly timers: DueTimers<string>;
  private context: Connected | undefined;

  constructor(
    private readonly state: KeyBotState,
    private readonly config: BotsConfig,
    logger: Logger,
  ) {
    this.timers = new DueTimers((guildId, dueAt) => this.ping(guildId, dueAt), logger, 'auto-ping');
  }

  intervalMs(ping: Pick<AutoPing, 'hours'>): number {
    return ping.hours * this.config.autoPingHourMs;
  }

  attach(feed: EventFeed): void {
    feed.on(['AutoPingStarted', 'AutoPingStopped'], (event) => {
      const ping = this.state.autoPings.get(event.data.guildId);
      if (!ping) return this.timers.delete(event.data.guildId);
      this.timers.set(ping.guildId, nextPingAt(ping.startedAt, this.intervalMs(ping), Date.now()));
    });
  }

  start(context: Connected): void {
    this.context = context;
    // the pings may come from a snapshot, which keeps no timers: the next slot of each
    const now = Date.now();
    for (const ping of this.state.autoPings.values())
      this.timers.set(ping.guildId, nextPingAt(ping.startedAt, this.intervalMs(ping), now));
    this.timers.start();
  }

  stop(): void {
    this.timers.stop();
    this.context = undefined;
  }

  private async ping(guildId: string, dueAt: number): Promise<void> {
    if (!this.context) return;
    const { client, state, config, logger, standings } = this.context;
    const ping = state.autoPings.get(guildId);
    if (!ping) return;
    this.timers.set(guildId, nextPingAt(ping.startedAt, this.intervalMs(ping), Math.max(Date.now(), dueAt)));
    if (!ownsGuild(client, guildId) || !client.guilds.cache.has(guildId)) return;
    // paused while the owner's plan has ended (or the server is suspended): the schedule goes on, nothing is sent
    if (!standings.actsOnOwnerSettings(guildId, Date.now())) {
      logger.info({ guildId }, 'auto ping paused: the plan ended or the server is suspended');
      return;
    }
    const mention = ping.roleId ? `<@&${ping.roleId}>` : '@here';
    try {
      const channel = await client.channels.fetch(ping.channelId);
      if (!channel?.isSendable()) throw new Error('the channel is gone or not a text channel');
      await channel.send({
        content: keyBotTexts.autoPingMessage(mention, keyPageUrl(config, guildId)),
        allowedMentions: ping.roleId ? { roles: [ping.roleId] } : { parse: ['everyone'] },
      });
      logger.info({ guildId, channelId: ping.channelId }, 'auto ping sent');
    } catch (error) {
      logger.warn({ err: error, guildId, channelId: ping.channelId }, 'auto ping failed');
    }
  }
}
