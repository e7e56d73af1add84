import { InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { keyBotTexts } from '../texts.ts';

/** /setrole: the role redeemed keys give in this server (recorded as VipRoleChosen). */
export const setRoleCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('setrole')
    .setDescription('Choose the role that redeemed keys give')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addRoleOption((option) => option.setName('role').setDescription('The VIP role').setRequired(true)),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    const role = interaction.options.getRole('role', true);
    if (role.id === interaction.guildId) return replyPrivately(interaction, keyBotTexts.everyoneNotAllowed);
    if (role.managed) return replyPrivately(interaction, keyBotTexts.problemForMember['role-managed'](role.id));
    const { position } = await context.api.chooseVipRole(interaction.guildId, {
      roleId: role.id,
      chosenBy: interaction.user.id,
    });
    await context.feed.reached(position);
    // saved either way (the admin may fix the order next); say what still stands in the way
    const problem = await context.vipRoles.problemWith(interaction.guild, role);
    await replyPrivately(
      interaction,
      problem ? keyBotTexts.roleChosenButAbove(role.id) : keyBotTexts.roleChosen(role.id),
    );
  },
};
