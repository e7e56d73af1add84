/** The key page's and hash gate's words (spec §8), shared with the back end. */
export { keyTexts } from '@vip/contracts/plain';

/** Spec §2/§8 texts that only the visitor pages say. */
export const visitorTexts = {
  loadingServer: 'Loading server information...',
  generatingLink: 'Generating Secure Link...',
  creatingLink: 'Creating your one-time access link',
  validatingAccess: 'Validating Access...',
  failedToValidateHash: 'Failed to validate access hash',
  failedToGenerateLink: 'Failed to generate access link',
  failedToGenerateKey: 'Failed to generate key',
  failedToLoadServer: 'Failed to load server information',
  copied: 'Sweet! Key copied successfully',
  copyFailed: 'Failed to copy to clipboard',
} as const;
