/** How many servers one whitelist entry may name at once. */
export const WHITELIST_SERVERS_AT_ONCE = 25;

/** The whitelist manager's texts (spec §5, §8). */
export const whitelistTexts = {
  discordIds: 'User ID and Server ID must be Discord IDs (17–20 digits)',
  invalidDuration: 'Duration must be none, a number of days, weekly, monthly or yearly',
  daysRange: 'Days must be a whole number from 1 to 3650',
  tooManyServers: `At most ${WHITELIST_SERVERS_AT_ONCE} servers at once`,
  entryNotFound: 'No whitelist entry for this user and server',
  entryAdded: 'Entry has been added to whitelist',
  entriesAdded: (count: number) => `${count} entries have been added to whitelist`,
  entryRemoved: 'Entry has been removed from whitelist',
  failedToLoad: 'Failed to load whitelist data',
  failedToAdd: 'Failed to add to whitelist',
  failedToRemove: 'Failed to remove from whitelist',
  noAuthToken: 'No auth token found',
  empty: 'No whitelist entries found',
} as const;
