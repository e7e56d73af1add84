import { colorFromNumber, type EventOf, type VerificationMessage } from '@vip/contracts';

/** Stream `verification-message-<guildId>`: the owner's own key-verification message for /send. */
export const verificationMessageStream = (guildId: string) => `verification-message-${guildId}`;

export type VerificationMessageEvent = EventOf<'VerificationMessageConfigured' | 'VerificationMessageReset'>;

export interface VerificationMessageState {
  /** null: the default message. */
  message: VerificationMessage | null;
}

export const initialVerificationMessageState = (): VerificationMessageState => ({ message: null });

export function evolveVerificationMessage(
  _state: VerificationMessageState,
  event: VerificationMessageEvent,
): VerificationMessageState {
  switch (event.type) {
    case 'VerificationMessageConfigured': {
      const { title, description, buttonLabel, color } = event.data;
      return { message: { title, description, buttonLabel, color: colorFromNumber(color) } };
    }
    case 'VerificationMessageReset':
      return { message: null };
  }
}
