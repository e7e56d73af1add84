import {
  errorCodes,
  keyErrorCodes,
  keyTexts,
  suspensionTexts,
  type VipRoleAction,
  type VipRoleProblem,
  vipRoleFixes,
} from '@vip/contracts';

const at = (ms: number) => `<t:${Math.floor(ms / 1000)}:f> (<t:${Math.floor(ms / 1000)}:R>)`;
/** A time as members read it: relative first ("in 42 minutes"), then the full date in their own time zone. */
const ends = (ms: number) => `<t:${Math.floor(ms / 1000)}:R> (<t:${Math.floor(ms / 1000)}:f>)`;

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

  // a direct message to a subscriber whose card was refused (payment-reminders.ts)
  paymentFailed: (planName: string, until: Date, panelUrl: string) =>
    `⚠️ A payment for your ${planName} plan failed. Stripe will try your card again; everything stays on until ${at(until.getTime())}. Update your card under Manage billing: ${panelUrl}`,

  // redeeming
  redeemed: (until: number) => `✅ Key accepted! You have the VIP role until ${at(until)}.`,
  extended: (until: number) => `✅ Key accepted! Your VIP role now lasts until ${at(until)}.`,
  /** The second key met the cap on VIP time one may hold at once (VIP_MAX_HOURS). */
  capped: (until: number) =>
    `✅ Key accepted! Your VIP role now lasts until ${at(until)}. That is the most VIP time you can hold at once: this key added only what fit under that limit.`,
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
  /** What a member is told when the VIP role cannot be given, per problem (with the role's id). */
  problemForMember: {
    'missing-permissions': () =>
      '❌ I need the **Manage Roles** permission to give you the VIP role. Please tell a server admin.',
    'role-above-bot': (roleId: string) =>
      `❌ The VIP role <@&${roleId}> is placed above my own role, so I cannot give it. A server admin must move my role above it.`,
    'role-managed': (roleId: string) =>
      `❌ <@&${roleId}> is managed by an integration and cannot be given. A server admin can pick another role with /setrole.`,
    'unknown-role': () =>
      '❌ The VIP role of this server no longer exists, so I cannot give it. A server admin can choose it again with /setrole.',
  } satisfies Record<VipRoleProblem, (roleId: string) => string>,
  grantRefusedAfterRedeem: (why: string) =>
    `⚠️ Your key was accepted and your VIP time runs, but Discord refused me the role. ${why.replace(/^❌ /, '')} You get the role as soon as that is fixed; a server admin has been told.`,
  grantDelayed:
    '⚠️ Your key was accepted, but Discord did not answer when I gave you the role. I keep trying: it comes within moments, and your VIP time runs already.',

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

  // /vip
  vipWindow: (until: number) => `⭐ Your VIP role here ends ${ends(until)}.`,
  vipWhitelisted: (expiresAt: number | null) =>
    expiresAt === null
      ? '⭐ You are on the whitelist here: you keep the VIP role for as long as the entry stands, without a key.'
      : `⭐ You are on the whitelist here: you keep the VIP role without a key until ${ends(expiresAt)}.`,
  noVip: (keyPage: string) =>
    `You have no VIP in this server right now. Get a key at ${keyPage} and press **Redeem Key** in the server.`,

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
      '`/vip`: how long your own VIP lasts here',
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
  logRoleProblem: (action: VipRoleAction, userId: string, problem: VipRoleProblem, roleId: string | null) =>
    `⚠️ Discord refused me ${action === 'grant' ? 'giving' : 'taking back'} the VIP role of <@${userId}>. To fix it, ${vipRoleFixes[
      problem
    ](
      roleId ? `<@&${roleId}>` : 'the VIP role',
    )}. I keep trying ${action === 'grant' ? 'while their VIP lasts' : 'until it is done'}.`,
  logRolesWorkAgain: '✅ I can give and take the VIP role here again.',
  logRejoined: (userId: string, roleId: string, until: number) =>
    `🔁 <@${userId}> came back during their VIP window: <@&${roleId}> given back until ${at(until)}.`,
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
    '⚠️ The **Server Members** intent is not enabled for this bot (Developer Portal → Bot → Privileged Gateway Intents): greetings, member counts, and giving the VIP role back to members who leave and rejoin during their window do not work.',
} as const;
