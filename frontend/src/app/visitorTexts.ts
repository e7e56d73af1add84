import type { keyTexts as contractKeyTexts } from '@vip/contracts/api/keys.ts';

/** The key page's and hash gate's words (spec §8); see app/texts.ts for why they are copied. */
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
} as const satisfies typeof contractKeyTexts;

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
