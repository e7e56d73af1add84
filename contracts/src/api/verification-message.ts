import { z } from 'zod';
import { verificationMessagePaths } from '../routes/verification-message.ts';
import { verificationMessageTexts } from '../texts/verification-message.ts';
import { colorPattern, type VerificationMessage, verificationMessageLimits } from '../verification-message.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

const text = (max: number, message: string, field: string) =>
  plainText(z.string({ error: message }).trim().min(1, message).max(max, message), field);

export const verificationMessageRequestSchema = z.object({
  title: text(verificationMessageLimits.title, verificationMessageTexts.titleLength, 'Title'),
  description: text(verificationMessageLimits.description, verificationMessageTexts.descriptionLength, 'Description'),
  buttonLabel: text(verificationMessageLimits.buttonLabel, verificationMessageTexts.buttonLabelLength, 'Button label'),
  color: z
    .string({ error: verificationMessageTexts.color })
    .trim()
    .regex(colorPattern, verificationMessageTexts.color)
    .transform((color) => color.toLowerCase()),
});

/** GET /api/verification-message/:serverId: what /send posts there, and why. */
export interface VerificationMessageView {
  /** The saved custom message, or the default when none is saved. */
  message: VerificationMessage;
  /** A custom message is saved (kept even while the plan does not include it). */
  custom: boolean;
  /** The owner's plan includes a custom verification message now. */
  included: boolean;
  /** What /send posts now: the custom message only when one is saved and the plan includes it. */
  inUse: 'custom' | 'default';
  /** The plans that include it, as text ("Premium or Business"). */
  unlockedBy: string;
  /** The server is beyond the free tier of an ended plan: kept, not editable. */
  readOnly: boolean;
}

export interface VerificationMessageSavedResponse {
  success: true;
  message: string;
  settings: VerificationMessage;
}

/** The custom message is forgotten: /send posts the default again. */
export interface VerificationMessageResetResponse {
  success: true;
  message: string;
}

const serverId = { serverId: serverIdParamSchema };
export const verificationMessageApi = withSchemas(verificationMessagePaths, {
  get: {
    summary: "A server's key-verification message (/send): custom or default, and whether the plan includes it",
    params: serverId,
    response: answer<VerificationMessageView>(200, 'VerificationMessageView'),
  },
  save: {
    summary: "Save a server's own verification message (plans with a custom verification message)",
    params: serverId,
    body: verificationMessageRequestSchema,
    response: answer<VerificationMessageSavedResponse>(200, 'VerificationMessageSavedResponse'),
  },
  reset: {
    summary: 'Go back to the default verification message (the custom one is forgotten)',
    params: serverId,
    response: answer<VerificationMessageResetResponse>(200, '{ success: true, message }'),
  },
});

export { verificationMessageTexts };
