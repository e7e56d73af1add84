import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { ProductApiError } from '../../shared/product-api.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { linkTexts } from '../link-texts.ts';
import { keyBotTexts } from '../texts.ts';

/**
 * /link [code]: links the member's Discord account to a panel user with a one-time code from
 * the panel (the way without OAuth), and proves that they manage this server: what Discord's
 * interaction says of the member (owner, permissions here) goes to the product, which
 * decides. Without a code, an account linked before proves this server too. Every answer is
 * ephemeral: a code is for one person's eyes.
 */
export const linkCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('link')
    .setDescription('Link your Discord account to the panel and prove you manage this server')
    .setContexts(InteractionContextType.Guild)
    .addStringOption((option) =>
      option
        .setName('code')
        .setDescription('The link code from the panel (Servers → Link with /link)')
        .setMaxLength(64),
    ),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    const { guild, user } = interaction;
    const code = interaction.options.getString('code')?.trim() || undefined;
    try {
      const answer = await context.api.link({
        guildId: guild.id,
        guild: { name: guild.name, icon: guild.icon },
        member: {
          id: user.id,
          username: user.globalName ?? user.username,
          avatar: user.avatar,
          // what Discord says the member may do here, as the interaction carries it
          permissions: (interaction.memberPermissions?.bitfield ?? 0n).toString(),
          owner: guild.ownerId === user.id,
        },
        ...(code ? { code } : {}),
      });
      const text = answer.linked
        ? linkTexts.linked(answer.username, guild.name)
        : linkTexts.proven(answer.username, guild.name);
      await replyPrivately(interaction, answer.claimVerified ? `${text}${linkTexts.claimVerified}` : text);
    } catch (error) {
      const refusal = error instanceof ProductApiError ? linkTexts.refused[error.code ?? ''] : undefined;
      if (!refusal) throw error;
      await replyPrivately(interaction, refusal);
    }
  },
};
