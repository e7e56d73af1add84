import type { Logger } from '@vip/platform';
import type { Client } from 'discord.js';
import type { KeyBotState } from './key-bot-state.ts';

/**
 * A server's log channel (/setlog): redemptions, grants, removals and problems are posted
 * there and always written to the process log as well. A missing channel or permission
 * never breaks the action being logged.
 */
export class ServerLog {
  constructor(
    private readonly state: KeyBotState,
    private readonly client: Client,
    private readonly logger: Logger,
    /** Whether the server's log channel setting is acted on (only a verified owner's, decisions.md §9). */
    private readonly usesLogChannel: (guildId: string) => boolean = () => true,
  ) {}

  async post(
    guildId: string,
    text: string,
    fields: Record<string, unknown> = {},
    level: 'info' | 'warn' = 'info',
  ): Promise<void> {
    this.logger[level]({ guildId, ...fields }, text);
    const channelId = this.state.logChannelIds.get(guildId);
    if (!channelId || !this.usesLogChannel(guildId)) return;
    try {
      const channel = await this.client.channels.fetch(channelId);
      if (channel?.isSendable()) await channel.send({ content: text, allowedMentions: { parse: [] } });
    } catch (error) {
      this.logger.warn({ err: error, guildId, channelId }, 'could not post in the log channel');
    }
  }
}
