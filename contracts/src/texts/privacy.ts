/** What the product says about a person's data: their copy of it and their erasure. */
export const privacyTexts = {
  badMemberId: 'The member must be named by their Discord user id (17–20 digits)',
  memberErased: 'The member has been erased: their key is destroyed, and the log keeps only ciphertext about them',
  nothingLeft: 'Nothing is left about this member: they were erased already, or never known',
  rolesStillHeld: (servers: number) =>
    `The member's VIP windows and whitelist entries are ended, but the key bot has not yet taken the VIP role back on ${servers === 1 ? '1 server' : `${servers} servers`}. Ask again once it has: the erasure finishes then.`,
} as const;
