/**
 * The words users read (spec §8, decisions.md). The back end's text tables come from the
 * contracts' zod-free texts modules, so server and browser can never say different things;
 * texts only the browser says (spec §8) follow. The visitor pages' texts are in
 * app/visitorTexts.ts, so that the key page does not download the panels' words.
 */
export { greetingTexts, serverTexts, subscriptionTexts, whitelistTexts } from '@vip/contracts/plain';

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
  stripeStopsAtPeriodEnd: 'Stripe stops billing at the end of the paid period; the plan ends then',
  failedToChangeSubscription: 'Failed to change subscription',
  noSubscribers: 'No subscribers yet',
} as const;
