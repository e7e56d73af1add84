/** What subscribers and visitors read about servers and server slots (spec §5, §8). */
export const serverTexts = {
  enterServerId: 'Please enter a server ID',
  badServerId: 'Server ID must be a Discord server ID (17–20 digits)',
  maxServers: (max: number) => `Maximum limit of ${max} server${max === 1 ? '' : 's'} reached`,
  claimedByAnother: 'This server is already registered by another subscriber',
  alreadyInList: 'This server is already in your list',
  notInList: 'This server is not in your list',
  serverAdded: 'Server added successfully',
  serverUpdated: 'Server updated successfully',
  botNotInServer: 'Bot not in server',
} as const;
