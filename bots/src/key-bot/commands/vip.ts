import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { keyPageUrl } from '../../config.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { vipWindowKey } from '../key-bot-state.ts';
import { keyBotTexts } from '../texts.ts';

/**
 * /vip: the member's own VIP in this server, for their eyes only: when their window ends (a
 * Discord timestamp each member reads in their own time zone), or their standing whitelist
 * entry, or that they have none and where to get a key. Read from the bot's folds of the log,
 * so it costs no call.
 */
export const vipCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('vip')
    .setDescription('How long your VIP lasts in this server')
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    const { guildId, user } = interaction;
    const now = Date.now();
    const window = context.state.vipWindows.get(vipWindowKey(guildId, user.id));
    const windowEnd = window && window.until > now ? window.until : null;
    const entry = context.whitelistRoles.entryOf(guildId, user.id, now);
    const lines: string[] = [];
    if (windowEnd !== null) lines.push(keyBotTexts.vipWindow(windowEnd));
    if (entry) lines.push(keyBotTexts.vipWhitelisted(entry.expiresAt));
    if (lines.length === 0) lines.push(keyBotTexts.noVip(keyPageUrl(context.config, guildId)));
    await replyPrivately(interaction, lines.join('\n'));
  },
};
