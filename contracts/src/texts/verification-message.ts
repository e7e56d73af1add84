import { verificationMessageLimits } from '../verification-message.ts';

/** What owners read about the key-verification message editor. */
export const verificationMessageTexts = {
  titleLength: `The title must be 1 to ${verificationMessageLimits.title} characters`,
  descriptionLength: `The description must be 1 to ${verificationMessageLimits.description} characters`,
  buttonLabelLength: `The button label must be 1 to ${verificationMessageLimits.buttonLabel} characters`,
  color: 'The colour must be a hex colour like #f5b301',
  saved: 'Verification message saved',
  reset: 'Verification message reset to the default',
  noCustomMessage: 'This server uses the default verification message',
  failedToLoad: 'Failed to load the verification message',
  failedToSave: 'Failed to save the verification message',
  failedToReset: 'Failed to reset the verification message',
} as const;
