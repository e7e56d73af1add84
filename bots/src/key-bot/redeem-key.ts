import type { CallAnswerOf, RedeemKeyResponse, vipRolesPaths } from '@vip/contracts';
import {
  ActionRowBuilder,
  type ButtonInteraction,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
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

/** What the member reads once the role is given: the window's new end, and whether the cap cut it. */
export function redeemedText(redemption: RedeemKeyResponse): string {
  const until = Date.parse(redemption.until);
  if (redemption.capped) return keyBotTexts.capped(until);
  return redemption.extended ? keyBotTexts.extended(until) : keyBotTexts.redeemed(until);
}

/**
 * A member submitted a key: check first that the role can be given (so no key is spent on a
 * server that cannot honour it), redeem it through the product, then give the role. Every
 * refusal is written to the server's log first, so it is there whether or not the member's
 * reply goes through.
 */
export async function redeemSubmittedKey(interaction: ModalSubmitInteraction, context: KeyBotContext): Promise<void> {
  if (!interaction.inCachedGuild()) {
    await replyPrivately(interaction, keyBotTexts.onlyInServers);
    return;
  }
  const { guild, user } = interaction;
  const key = interaction.fields.getTextInputValue(KEY_INPUT_ID);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });

  try {
    await context.vipRoles.ensure(guild);
  } catch (error) {
    if (!(error instanceof VipRoleUnavailable)) throw error;
    const { problem, roleId } = error.found;
    await context.roleProblems.failed(guild.id, 'grant', user.id, problem, roleId);
    await replyPrivately(interaction, error.message);
    return;
  }

  let redemption: CallAnswerOf<typeof vipRolesPaths.redeemKey>;
  try {
    redemption = await context.api.redeemKey(guild.id, user.id, key);
  } catch (error) {
    if (!(error instanceof ProductApiError) || error.status >= 500) throw error;
    await context.log.post(guild.id, keyBotTexts.logRefused(user.id, error.message), {
      userId: user.id,
      code: error.code,
    });
    const text = (error.code && keyBotTexts.keyFailure[error.code]) || keyBotTexts.keyRefused(error.message);
    await replyPrivately(interaction, text);
    return;
  }

  // the key is spent and the window runs: a grant Discord refuses is said out loud and tried again
  const outcome = await context.vipRoleGrants.give(guild, user.id, 'VIP key redeemed');
  if (!outcome.ok) {
    const { failure } = outcome;
    await replyPrivately(
      interaction,
      failure.kind === 'problem'
        ? keyBotTexts.grantRefusedAfterRedeem(keyBotTexts.problemForMember[failure.problem](failure.roleId ?? ''))
        : keyBotTexts.grantDelayed,
    );
    return;
  }
  const until = Date.parse(redemption.until);
  await context.log.post(guild.id, keyBotTexts.logRedeemed(user.id, outcome.role.id, until), {
    userId: user.id,
    roleId: outcome.role.id,
    until: redemption.until,
  });
  await replyPrivately(interaction, redeemedText(redemption));
}
