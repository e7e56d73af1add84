import { configDefaults } from '../config-defaults.ts';

const { min: MIN_DELAY, max: MAX_DELAY } = configDefaults.greetingDelaySeconds;
export const GREETING_MESSAGE_MAX = 2000;

/** What the greeting form shows (spec §5, §8). */
export const greetingTexts = {
  selectChannel: 'Please select a channel',
  channelNotInServer: 'This channel is not in this server',
  delayRange: `Delay must be between ${MIN_DELAY} and ${MAX_DELAY} seconds`,
  messageLength: `Message must be between 1 and ${GREETING_MESSAGE_MAX} characters`,
  enabledFlag: 'enabled must be true or false',
  settingsSaved: 'Settings saved successfully',
  greetingRemoved: 'Greeting removed successfully',
  noGreeting: 'No greeting is configured for this server',
} as const;
