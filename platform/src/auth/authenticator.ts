import { readModels, type SessionDocument, type UserDocument } from '@vip/contracts';
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
 * session that has not been ended, and a user the read model knows. Used by HTTP routes
 * and by the /ws gateway alike.
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
      this.readStore.collection<SessionDocument>(readModels.sessions).findOne({ _id: claims.sessionId }),
      this.readStore.collection<UserDocument>(readModels.users).findOne({ _id: claims.userId }),
    ]);
    if (session?.endedAt || !user) return null;
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
