import type { EventOf } from '@vip/contracts';

/** Stream `link-code-<codeDigest>`: a one-time code for the key bot's /link; the code itself is never stored. */
export const linkCodeStream = (codeDigest: string) => `link-code-${codeDigest}`;

export type LinkCodeEvent = EventOf<'LinkCodeIssued' | 'LinkCodeUsed'>;
export interface LinkCodeState {
  userId: string | null;
  expiresAt: number;
  used: boolean;
}

export const initialLinkCodeState = (): LinkCodeState => ({ userId: null, expiresAt: 0, used: false });

export function evolveLinkCode(state: LinkCodeState, event: LinkCodeEvent): LinkCodeState {
  switch (event.type) {
    case 'LinkCodeIssued':
      return { userId: event.data.userId, expiresAt: Date.parse(event.data.expiresAt), used: false };
    case 'LinkCodeUsed':
      return { ...state, used: true };
  }
}
