import type { GuildMember, PartialGuildMember } from 'discord.js';
import { configDefaults } from '@vip/contracts';
import type { KeyBotContext } from './key-bot-context.ts';

export interface GreetingValues {
  userId: string;
  serverName: string;
  memberCount: number;
}

/** The greeting as members read it: {user} mentions the new member (spec §3 variables). */
export function renderGreeting(template: string, values: GreetingValues): string {
  // one pass, so a server named "{user}" stays a name and is not expanded again
  return template.replace(/\{(user|server\.name|membercount)\}/g, (_match, name: string) => {
    if (name === 'user') return `<@${values.userId}>`;
    if (name === 'server.name') return values.serverName;
    return String(values.memberCount);
  });
}

const clampDelay = (seconds: number) => {
  const { min, max } = configDefaults.greetingDelaySeconds;
  return Math.min(max, Math.max(min, Math.round(seconds)));
};

/**
 * Welcomes new members after the server's delay (1–3 s), with the settings of the greeting
 * events. Nobody is greeted who left during the delay, and a member who comes back soon
 * after being greeted is not greeted twice.
 */
export class Greeter {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly greetedAt = new Map<string, number>();

  constructor(private readonly context: KeyBotContext) {}

  onJoin(member: GuildMember): void {
    if (member.user.bot) return;
    // the owner's plan ended, or the server is suspended: the greeting is kept, not sent
    if (!this.context.standings.actsOnOwnerSettings(member.guild.id, Date.now())) return;
    const settings = this.context.state.greetings.get(member.guild.id);
    if (!settings?.enabled || !settings.channelId) return;
    const key = `${member.guild.id}:${member.id}`;
    this.forgetOldGreetings();
    if (this.pending.has(key) || this.greetedAt.has(key)) return;
    const timer = setTimeout(() => void this.greet(member, key), clampDelay(settings.delay) * 1000);
    this.pending.set(key, timer);
  }

  onLeave(member: GuildMember | PartialGuildMember): void {
    const key = `${member.guild.id}:${member.id}`;
    const timer = this.pending.get(key);
    if (!timer) return;
    clearTimeout(timer);
    this.pending.delete(key);
    this.context.logger.info(
      { guildId: member.guild.id, userId: member.id },
      'greeting skipped: the member left during the delay',
    );
  }

  private async greet(member: GuildMember, key: string): Promise<void> {
    this.pending.delete(key);
    const { guild } = member;
    // read again: the owner may have changed or disabled the greeting during the delay
    const settings = this.context.state.greetings.get(guild.id);
    if (!settings?.enabled || !settings.channelId || !guild.members.cache.has(member.id)) return;
    if (!this.context.standings.actsOnOwnerSettings(guild.id, Date.now())) return;
    const content = renderGreeting(settings.message, {
      userId: member.id,
      serverName: guild.name,
      memberCount: guild.memberCount,
    });
    try {
      const channel = await this.context.client.channels.fetch(settings.channelId);
      if (!channel?.isSendable()) throw new Error('the greeting channel is gone or not a text channel');
      await channel.send({ content, allowedMentions: { users: [member.id] } });
      this.greetedAt.set(key, Date.now());
      this.context.logger.info({ guildId: guild.id, userId: member.id }, 'member greeted');
    } catch (error) {
      this.context.logger.warn({ err: error, guildId: guild.id, channelId: settings.channelId }, 'greeting failed');
    }
  }

  private forgetOldGreetings(): void {
    const cutoff = Date.now() - this.context.config.greetingRejoinMs;
    // insertion order is greeting order: stop at the first recent one
    for (const [key, at] of this.greetedAt) {
      if (at >= cutoff) break;
      this.greetedAt.delete(key);
    }
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
