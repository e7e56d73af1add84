import type { greetingTexts as contractGreetingTexts } from '@vip/contracts/api/greetings.ts';
import type { serverTexts as contractServerTexts } from '@vip/contracts/api/servers.ts';
import type { subscriptionTexts as contractSubscriptionTexts } from '@vip/contracts/api/subscriptions.ts';
import type { whitelistTexts as contractWhitelistTexts } from '@vip/contracts/api/whitelist.ts';

/**
 * The words users read (spec §8, decisions.md). The contracts' text tables live next to their
 * zod schemas, which must never enter the bundle, so they are repeated here — and
 * `satisfies typeof …` makes the type checker fail the moment a copy drifts from the original.
 * Texts only the browser says (spec §8) follow below them. The visitor pages' texts are in
 * app/visitorTexts.ts, so that the key page does not download the panels' words.
 */
export const serverTexts = {
  enterServerId: 'Please enter a server ID',
  badServerId: 'Server ID must be a Discord server ID (17–20 digits)',
  maxServers: (max: number) => `Maximum limit of ${max} servers reached`,
  claimedByAnother: 'This server is already registered by another subscriber',
  alreadyInList: 'This server is already in your list',
  notInList: 'This server is not in your list',
  serverAdded: 'Server added successfully',
  serverUpdated: 'Server updated successfully',
  botNotInServer: 'Bot not in server',
} as const satisfies typeof contractServerTexts;

export const greetingTexts = {
  selectChannel: 'Please select a channel',
  channelNotInServer: 'This channel is not in this server',
  delayRange: 'Delay must be between 1 and 3 seconds',
  messageLength: 'Message must be between 1 and 2000 characters',
  enabledFlag: 'enabled must be true or false',
  settingsSaved: 'Settings saved successfully',
  greetingRemoved: 'Greeting removed successfully',
  noGreeting: 'No greeting is configured for this server',
} as const satisfies typeof contractGreetingTexts;

export const subscriptionTexts = {
  daysRange: 'Days must be a whole number from 1 to 3650',
  maxSlotsRange: 'Max slots must be a whole number from 1 to 100',
  planNameLength: 'Plan name must be 1 to 50 characters',
  discordUserId: 'Discord user ID must be 17–20 digits',
  subscriberNotFound: 'Subscriber not found',
  alreadyEnded: 'This subscription has already ended',
  alreadySubscribed: 'This user already has a subscription',
  noActiveSubscription: 'No active subscription found',
  userNotFound: 'User not found',
  failedToLoadSubscription: 'Failed to load subscription details',
} as const satisfies typeof contractSubscriptionTexts;

export const whitelistTexts = {
  discordIds: 'User ID and Server ID must be Discord IDs (17–20 digits)',
  invalidDuration: 'Duration must be weekly, monthly, yearly or lifetime',
  entryNotFound: 'No whitelist entry for this user and server',
  entryAdded: 'Entry has been added to whitelist',
  entryRemoved: 'Entry has been removed from whitelist',
  failedToLoad: 'Failed to load whitelist data',
  failedToAdd: 'Failed to add to whitelist',
  failedToRemove: 'Failed to remove from whitelist',
  noAuthToken: 'No auth token found',
  empty: 'No whitelist entries found',
} as const satisfies typeof contractWhitelistTexts;

/** Spec §8 texts that only the browser says. */
export const panelTexts = {
  failedToLoadServers: 'Failed to load servers, this is likely server restarted please relogin.',
  failedToAddServer: 'Failed to add server',
  failedToUpdateServer: 'Failed to update server',
  errorLoadingServer: 'Error loading server',
  noServers: 'No servers added yet',
  adminPermissionsNote: 'Make sure you have admin permissions in that server.',
  selectServer: 'Please select a server',
  failedToLoadChannels: 'Failed to load channels',
  failedToLoadSettings: 'Failed to load settings',
  failedToLoadGreetings: 'Failed to load greetings list',
  failedToSaveSettings: 'Failed to save settings',
  failedToRemoveGreeting: 'Failed to remove greeting',
  noGreetings: 'No active greetings found',
  failedToResetPassword: 'Failed to reset password',
} as const;

export const adminTexts = {
  failedToLoadSubscribers: 'Failed to load subscribers',
  failedToCreateSubscriber: 'Failed to create subscriber',
  subscriberCreated: 'Subscriber created successfully',
  subscriptionExtended: 'Subscription extended successfully',
  subscriptionEnded: 'Subscription ended',
  failedToChangeSubscription: 'Failed to change subscription',
  noSubscribers: 'No subscribers yet',
} as const;
