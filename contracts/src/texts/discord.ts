/** The longest reason an admin may give for unlinking an account or releasing a claim. */
export const ADMIN_REASON_MAX = 200;

/** What people read about signing in with Discord, `/link` and proving that they manage a server. */
export const discordTexts = {
  // proof of management (decisions.md §9)
  proveManagement:
    'You can add only a server you manage in Discord (owner, Manage Server or Administrator). Sign in with Discord or run /link in that server.',
  /** proveManagement where Sign in with Discord is not set up on the site. */
  proveManagementByCode:
    'You can add only a server you manage in Discord (owner, Manage Server or Administrator). Run /link in that server first.',
  unverifiedClaim:
    'Not verified: nobody has shown yet that you manage this server in Discord. Sign in with Discord or run /link in that server.',
  /** unverifiedClaim where Sign in with Discord is not set up on the site. */
  unverifiedClaimByCode:
    'Not verified: nobody has shown yet that you manage this server in Discord. Run /link in that server.',
  notManager: 'You need Manage Server or Administrator in this server (or to own it) to link it.',
  // signing in with Discord
  notConfigured: 'Sign in with Discord is not set up on this site.',
  signUpClosed: 'No panel account is linked to this Discord account. Ask an admin for access.',
  stateForged: 'This sign-in did not start in this browser. Please sign in with Discord again.',
  stateExpired: 'This sign-in took too long. Please sign in with Discord again.',
  stateUsed: 'This sign-in has already been completed. Please sign in with Discord again.',
  codeRefused:
    'Discord did not accept this sign-in (its code was already used or has expired). Please sign in with Discord again.',
  discordUnreachable: 'Discord did not answer, try again',
  connectNeedsSession: 'Sign in to the panel first, then connect Discord.',
  otherSession: 'This Discord connection was started by another panel user. Please start it again.',
  cancelled: 'Signing in with Discord was cancelled.',
  // linked accounts
  accountTaken: 'This Discord account is already linked to another panel user.',
  alreadyLinked: 'Your panel account is already linked to another Discord account. Ask an admin to unlink it first.',
  notLinked: 'No Discord account is linked yet: sign in with Discord, or get a link code and run /link in your server.',
  /** notLinked where Sign in with Discord is not set up on the site. */
  notLinkedByCode: 'No Discord account is linked yet: get a link code and run /link in your server.',
  notLinkedForUser: 'This user has no linked Discord account.',
  // /link codes
  codeFormat: 'A link code looks like XXXX-XXXX-XXXX-XXXX',
  unknownCode: 'This link code does not exist. Get a new one in the panel.',
  expiredCode: 'This link code has expired. Get a new one in the panel.',
  usedCode: 'This link code has already been used. Get a new one in the panel.',
  otherUsersCode: 'This link code belongs to a panel user linked to another Discord account.',
  // the bot's check of a member's roles
  checkUnknown: 'This check does not exist.',
  botNotInServer: 'The bot is not in this server yet: invite it first, then check again.',
  // admin
  reasonRequired: 'Please give a reason (1 to 200 characters)',
  notClaimed: 'Nobody holds this server.',
  accountUnlinked: 'Discord account unlinked',
  claimReleased: 'Server claim released',
} as const;
