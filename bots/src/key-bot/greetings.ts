import { configDefaults, greetingParts } from '@vip/contracts';
import type { GuildMember, PartialGuildMember } from 'discord.js';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'client' | 'config' | 'logger' | 'standings' | 'state'>;

export interface GreetingValues {
  userId: string;
  serverName: string;
  memberCount: number;
}

/** The greeting as members read it: {user} mentions the new member (spec §3 variables). */
export function renderGreeting(template: string, values: GreetingValues): string {
  // one pass, so a server named "{user}" stays a name and is not expanded again
  return greetingParts(template)
    .map((part) => {
      if ('text' in part) return part.text;
      if (part.variable === '{user}') return `<@${values.userId}>`;
      if (part.variable === '{server.name}') return values.serverName;
      return String(values.memberCount);
    })
    .join('');
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
export class Greeter implements KeyBotPart {
  readonly name = 'greeter';
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly greetedAt = new Map<string, number>();
  /** Set once the client is ready: members are greeted from then on. */
  private context: Connected | undefined;

  start(context: Connected): void {
    this.context = context;
  }

  memberJoined(member: GuildMember): void {
    const context = this.context;
    if (!context || member.user.bot) return;
    // the owner's plan ended, or the server is suspended: the greeting is kept, not sent
    if (!context.standings.actsOnOwnerSettings(member.guild.id, Date.now())) return;
    const settings = context.state.greetings.get(member.guild.id);
    if (!settings?.enabled || !settings.channelId) return;
    const key = `${member.guild.id}:${member.id}`;
    this.forgetOldGreetings(context.config.greetingRejoinMs);
    if (this.pending.has(key) || this.greetedAt.has(key)) return;
    const timer = setTimeout(() => void this.greet(context, member, key), clampDelay(settings.delay) * 1000);
    this.pending.set(key, timer);
  }

  memberLeft(member: GuildMember | PartialGuildMember): void {
    const key = `${member.guild.id}:${member.id}`;
    const timer = this.pending.get(key);
    if (!timer) return;
    clearTimeout(timer);
    this.pending.delete(key);
    this.context?.logger.info(
      { guildId: member.guild.id, userId: member.id },
      'greeting skipped: the member left during the delay',
    );
  }

  private async greet(context: Connected, member: GuildMember, key: string): Promise<void> {
    this.pending.delete(key);
    const { guild } = member;
    // read again: the owner may have changed or disabled the greeting during the delay
    const settings = context.state.greetings.get(guild.id);
    if (!settings?.enabled || !settings.channelId || !guild.members.cache.has(member.id)) return;
    if (!context.standings.actsOnOwnerSettings(guild.id, Date.now())) return;
    const content = renderGreeting(settings.message, {
      userId: member.id,
      serverName: guild.name,
      memberCount: guild.memberCount,
    });
    try {
      const channel = await context.client.channels.fetch(settings.channelId);
      if (!channel?.isSendable()) throw new Error('the greeting channel is gone or not a text channel');
      await channel.send({ content, allowedMentions: { users: [member.id] } });
      this.greetedAt.set(key, Date.now());
      context.logger.info({ guildId: guild.id, userId: member.id }, 'member greeted');
    } catch (error) {
      context.logger.warn({ err: error, guildId: guild.id, channelId: settings.channelId }, 'greeting failed');
    }
  }

  private forgetOldGreetings(rejoinMs: number): void {
    const cutoff = Date.now() - rejoinMs;
    // insertion order is greeting order: stop at the first recent one
    for (const [key, at] of this.greetedAt) {
      if (at >= cutoff) break;
      this.greetedAt.delete(key);
    }
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.context = undefined;
  }
}
