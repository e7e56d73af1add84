import { discordTexts, errorCodes } from '@vip/contracts';

/** What the key bot says about /link and about checking a member's roles (decisions.md §9). */
export const linkTexts = {
  linked: (username: string, server: string) =>
    `✅ Your Discord account is now linked to the panel user **${username}**, and you manage **${server}**: add it in the panel.`,
  proven: (username: string, server: string) =>
    `✅ **${server}** is now one of the servers panel user **${username}** manages: add it in the panel.`,
  claimVerified: ' Your claim on this server is verified now, and the bot follows its settings again.',
  refused: {
    [errorCodes.linkCodeUnknown]: `❌ ${discordTexts.unknownCode}`,
    [errorCodes.linkCodeExpired]: `❌ ${discordTexts.expiredCode}`,
    [errorCodes.linkCodeUsed]: `❌ ${discordTexts.usedCode}`,
    [errorCodes.linkCodeOtherUser]: `❌ ${discordTexts.otherUsersCode}`,
    [errorCodes.discordAccountTaken]: `❌ ${discordTexts.accountTaken}`,
    [errorCodes.notServerManager]: `❌ ${discordTexts.notManager}`,
    [errorCodes.discordNotLinked]:
      '❌ Your Discord account is not linked to a panel user yet. In the panel, open Servers → Link with /link, then run `/link code:<code>` here.',
    [errorCodes.validation]: `❌ ${discordTexts.codeFormat}.`,
  } as Record<string, string>,
} as const;
