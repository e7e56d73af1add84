/** Read model of the owners' own verification messages. */
export const verificationMessageReadModels = {
  /** One per server with a custom verification message; deleted on a reset. */
  verificationMessages: 'verification_messages',
} as const;

export interface VerificationMessageDocument {
  _id: string; // guildId
  title: string;
  description: string;
  buttonLabel: string;
  /** #rrggbb */
  color: string;
  configuredAt: string;
}
