import { type SessionDocument, type UserDocument, authReadModels } from '@vip/contracts';
import type { ReadStore } from '../read-store/read-store.ts';
import type { SessionTokens } from './session-tokens.ts';

export interface SignedInUser {
  id: string;
  username: string;
  isAdmin: boolean;
  avatar: string | null;
  sessionId: string;
}

/**
 * Turns a bearer token into the signed-in user: a valid signature, an unexpired token, a
 * session on record that has not been ended, and a user the read model knows. Used by HTTP
 * routes and by the /ws gateway alike. It fails closed: a token whose session is not in the
 * read model (dropped, or lagging) is refused, so an ended session can never come back; sign-in
 * waits for the session to be projected before it hands out the token.
 */
export class Authenticator {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly readStore: ReadStore,
  ) {}

  async authenticate(token: string | undefined): Promise<SignedInUser | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const [session, user] = await Promise.all([
      this.readStore.collection<SessionDocument>(authReadModels.sessions).findOne({ _id: claims.sessionId }),
      this.readStore.collection<UserDocument>(authReadModels.users).findOne({ _id: claims.userId }),
    ]);
    if (!session || session.endedAt || session.userId !== claims.userId || !user) return null;
    return {
      id: user._id,
      username: user.username,
      isAdmin: user.isAdmin,
      avatar: user.avatar,
      sessionId: claims.sessionId,
    };
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
