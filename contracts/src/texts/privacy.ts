/** What the product says about a person's data: their copy of it and their erasure. */
export const privacyTexts = {
  badMemberId: 'The member must be named by their Discord user id (17–20 digits)',
  memberErased: 'The member has been erased: their key is destroyed, and the log keeps only ciphertext about them',
  nothingLeft: 'Nothing is left about this member: they were erased already, or never known',
  rolesStillHeld: (servers: number) =>
    `The member's VIP windows and whitelist entries are ended, but the key bot has not yet taken the VIP role back on ${servers === 1 ? '1 server' : `${servers} servers`}. Ask again once it has: the erasure finishes then.`,
  wrongPassword: 'Wrong password: your account was not deleted',
  recentSignInNeeded:
    'Enter your password, or sign in with Discord again (within the last 10 minutes) to delete your account',
  accountDeleted:
    'The account is deleted: its sessions ended, its servers and Discord link were released, and its linked Discord data was erased',
  userNotFound: 'No such panel user (deleted already, or never registered)',
  adminNotDeletable: 'An admin account cannot be deleted this way',
  stripeCancelledAtOnce:
    'Your Stripe subscription will be cancelled at once: the time already paid for ends now and is not refunded',
} as const;
