import { errorCodes, keyErrorCodes, keyTexts, suspensionTexts } from '@vip/contracts';

const at = (ms: number) => `<t:${Math.floor(ms / 1000)}:f> (<t:${Math.floor(ms / 1000)}:R>)`;

/** Everything the key bot says to members and in log channels, in one place. */
export const keyBotTexts = {
  // the key-verification message (/send); its default words are contracts' defaultVerificationMessage
  redeemButton: 'Redeem Key',
  modalTitle: 'Redeem your VIP key',
  modalLabel: 'Your key',
  modalPlaceholder: 'XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XX',
  sent: (channelId: string) => `Posted the key-verification message in <#${channelId}>.`,
  badButtonUrl: 'button_url must be an http(s) address.',
  cannotPostIn: (channelId: string) =>
    `I cannot post in <#${channelId}>: I need **View Channel**, **Send Messages** and **Embed Links** there.`,
  notTextChannel: 'Please pick a text channel.',
  onlyInServers: 'This only works inside a server.',

  // redeeming
  redeemed: (until: number) => `✅ Key accepted! You have the VIP role until ${at(until)}.`,
  extended: (until: number) => `✅ Key accepted! Your VIP role now lasts until ${at(until)}.`,
  keyFailure: {
    [keyErrorCodes.unknownKey]: `❌ ${keyTexts.unknownKey}. Check that you copied the whole key.`,
    [keyErrorCodes.expiredKey]: `❌ ${keyTexts.expiredKey}. Generate a new one on the key page.`,
    [keyErrorCodes.usedKey]: `❌ ${keyTexts.usedKey}. Generate a new one on the key page.`,
    [keyErrorCodes.wrongServer]: `❌ ${keyTexts.wrongServer}. Use it in the server it was generated for.`,
    [errorCodes.serverSuspended]: `🚫 ${suspensionTexts.restricted}`,
  } as Record<string, string>,
  /** An admin suspended the server: what members are told instead of a key prompt (spec §2 "403 Restricted"). */
  suspended: (supportUrl: string | undefined) =>
    `🚫 ${suspensionTexts.restricted}${supportUrl ? `\nContact support: <${supportUrl}>` : ''}`,
  keyRefused: (text: string) => `❌ ${text}`,
  missingManageRoles: '❌ I need the **Manage Roles** permission to give you the VIP role. Please tell a server admin.',
  roleAboveBot: (roleId: string) =>
    `❌ The VIP role <@&${roleId}> is placed above my own role, so I cannot give it. A server admin must move my role above it.`,
  roleManaged: (roleId: string) =>
    `❌ <@&${roleId}> is managed by an integration and cannot be given. A server admin can pick another role with /setrole.`,
  grantFailedAfterRedeem:
    '⚠️ Your key was accepted, but Discord refused to give the role. A server admin has been told; ask them to check my permissions.',

  // /setrole, /setlog
  roleChosen: (roleId: string) => `The VIP role is now <@&${roleId}>.`,
  roleChosenButAbove: (roleId: string) =>
    `The VIP role is now <@&${roleId}>, but it is above my own role: move my role above it or I cannot give it.`,
  everyoneNotAllowed: 'Pick a real role, not @everyone.',
  logChannelSet: (channelId: string) => `I will log key redemptions, role changes and problems in <#${channelId}>.`,
  logChannelHello: '📋 This channel now receives the key bot’s log.',

  // /auto
  autoPingStarted: (channelId: string, hours: number, next: number) =>
    `Auto ping every ${hours} h in <#${channelId}>; the next one is ${at(next)}.`,
  autoPingStopped: 'Auto ping stopped.',
  autoPingNotRunning: 'No auto ping was running.',
  autoPingMessage: (mention: string, keyPage: string) =>
    `${mention} 🔑 VIP keys are available: get yours at ${keyPage} and press **Redeem Key**.`,

  // /stats, /help
  statsTitle: (name: string) => `📊 ${name}`,
  help: (keyPage: string) =>
    [
      '**Key bot commands**',
      '`/send [channel] [button_url]`: post the key-verification message with the **Redeem Key** button',
      '`/setrole role`: choose the role redeemed keys give (default: a role named VIP)',
      '`/setlog channel`: log redemptions, role changes and problems in a channel',
      '`/auto ping hours [channel] [role]`: remind members about keys every 1–12 hours; `/auto stop` ends it',
      '`/stats`: keys generated and redeemed, VIPs right now',
      '`/help`: this list',
      '',
      `This server's key page: ${keyPage}`,
    ].join('\n'),

  // the log channel
  logRedeemed: (userId: string, roleId: string, until: number) =>
    `🔑 <@${userId}> redeemed a key: <@&${roleId}> until ${at(until)}.`,
  logRefused: (userId: string, text: string) => `⚠️ <@${userId}> could not redeem a key: ${text}`,
  logRemoved: (userId: string, roleId: string | null) =>
    `⌛ VIP window of <@${userId}> ended${roleId ? `: <@&${roleId}> removed` : ''}.`,
  logRemoveFailed: (userId: string, reason: string) =>
    `⚠️ Could not remove the VIP role from <@${userId}>: ${reason}. I will try again.`,
  logRoleCreated: (roleId: string) => `🆕 Created the VIP role <@&${roleId}>.`,
  logWhitelistGranted: (userId: string, roleId: string) =>
    `⭐ <@${userId}> is whitelisted: <@&${roleId}> given for as long as the entry stands.`,
  logWhitelistGrantFailed: (userId: string, reason: string) =>
    `⚠️ Could not give the VIP role to whitelisted <@${userId}>: ${reason}`,
  logWhitelistEnded: (userId: string, roleId: string | null, keyWindowOpen: boolean) =>
    `⌛ Whitelist entry of <@${userId}> ended${
      keyWindowOpen ? ': the role stays until their key window ends' : roleId ? `: <@&${roleId}> removed` : ''
    }.`,
  warnMissingPermissions: (names: string[]) =>
    `⚠️ I am missing permissions: **${names.join('**, **')}**. Redeeming keys will fail until a server admin grants them.`,
  warnRoleAbove: (roleId: string) =>
    `⚠️ The VIP role <@&${roleId}> is above my own role: I cannot give or remove it until my role is moved above it.`,
  warnNoMembersIntent:
    '⚠️ The **Server Members** intent is not enabled for this bot (Developer Portal → Bot → Privileged Gateway Intents): greetings and member counts do not work.',
} as const;
