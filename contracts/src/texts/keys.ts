/** What visitors and the key bot read about access hashes, keys and VIP roles. */
export const keyTexts = {
  missingServerOrHash: 'Missing server ID or hash parameter',
  noServerForKey: 'No server ID available for key generation',
  noServerId: 'No server ID available',
  botNotInServer: 'Bot not in server',
  hashValid: 'This link is valid',
  invalidHash: 'Invalid or expired hash',
  hashExpired: 'This link has expired',
  hashUsed: 'This link has already been used',
  unknownKey: 'This key does not exist',
  expiredKey: 'This key has expired',
  usedKey: 'This key has already been used',
  wrongServer: 'This key belongs to another server',
  invalidDiscordId: 'Server and user ids must be Discord ids',
  badPageLoadId: 'pageLoadId must be 8 to 64 letters, digits, dashes or underscores',
} as const;
