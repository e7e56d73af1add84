import {
  ActionRowBuilder,
  DiscordAPIError,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type ModalSubmitInteraction,
  type Role,
} from 'discord.js';
import type { RedeemKeyResponse } from '@vip/contracts';
import { ProductApiError } from '../shared/product-api.ts';
import { replyPrivately } from '../shared/slash-command.ts';
import type { KeyBotContext } from './key-bot-context.ts';
import { keyBotTexts } from './texts.ts';
import { VipRoleUnavailable } from './vip-roles.ts';

/** The Redeem Key button of the key-verification message, and the modal it opens. */
export const REDEEM_BUTTON_ID = 'vip:redeem';
export const REDEEM_MODAL_ID = 'vip:redeem-modal';
export const KEY_INPUT_ID = 'key';

export async function showRedeemModal(interaction: ButtonInteraction, context: KeyBotContext): Promise<void> {
  // a suspended server's keys are refused: say so at once instead of asking for one
  if (interaction.guildId && context.standings.isSuspended(interaction.guildId)) {
    await replyPrivately(interaction, keyBotTexts.suspended(context.config.supportUrl));
    return;
  }
  const input = new TextInputBuilder()
    .setCustomId(KEY_INPUT_ID)
    .setLabel(keyBotTexts.modalLabel)
    .setPlaceholder(keyBotTexts.modalPlaceholder)
    .setStyle(TextInputStyle.Short)
    .setMinLength(10)
    .setMaxLength(100)
    .setRequired(true);
  const modal = new ModalBuilder()
    .setCustomId(REDEEM_MODAL_ID)
    .setTitle(keyBotTexts.modalTitle)
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
  await interaction.showModal(modal);
}

/**
 * A member submitted a key: check first that the role can be given (so no key is spent on a
 * server that cannot honour it), redeem it through the product, then give the role.
 */
export async function redeemSubmittedKey(interaction: ModalSubmitInteraction, context: KeyBotContext): Promise<void> {
  if (!interaction.inCachedGuild()) {
    await replyPrivately(interaction, keyBotTexts.onlyInServers);
    return;
  }
  const { guild, user } = interaction;
  const key = interaction.fields.getTextInputValue(KEY_INPUT_ID);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });

  let role: Role;
  try {
    role = await context.vipRoles.ensure(guild);
  } catch (error) {
    if (!(error instanceof VipRoleUnavailable)) throw error;
    await replyPrivately(interaction, error.message);
    await context.log.post(guild.id, keyBotTexts.logRefused(user.id, error.message), { userId: user.id }, 'warn');
    return;
  }

  let redemption: RedeemKeyResponse;
  try {
    redemption = await context.api.redeemKey(guild.id, user.id, key);
  } catch (error) {
    if (!(error instanceof ProductApiError) || error.status >= 500) throw error;
    const text = (error.code && keyBotTexts.keyFailure[error.code]) || keyBotTexts.keyRefused(error.message);
    await replyPrivately(interaction, text);
    await context.log.post(guild.id, keyBotTexts.logRefused(user.id, error.message), {
      userId: user.id,
      code: error.code,
    });
    return;
  }

  const until = Date.parse(redemption.until);
  try {
    await context.vipRoles.grant(guild, user.id, role);
  } catch (error) {
    // the key is spent and the window runs: the admins must fix the permissions, the removal still comes on time
    const reason = error instanceof DiscordAPIError ? error.message : String(error);
    await replyPrivately(interaction, keyBotTexts.grantFailedAfterRedeem);
    await context.log.post(
      guild.id,
      keyBotTexts.logRefused(user.id, `the role could not be given (${reason})`),
      { userId: user.id },
      'warn',
    );
    return;
  }
  await replyPrivately(interaction, redemption.extended ? keyBotTexts.extended(until) : keyBotTexts.redeemed(until));
  await context.log.post(guild.id, keyBotTexts.logRedeemed(user.id, role.id, until), {
    userId: user.id,
    roleId: role.id,
    until: redemption.until,
  });
}
