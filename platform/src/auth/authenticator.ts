import {
  authReadModels,
  errorCodes,
  errorTexts,
  projections,
  type SessionDocument,
  type UserDocument,
} from '@vip/contracts';
import { DomainError } from '../domain-error.ts';
import type { EventStore } from '../event-store/event-store.ts';
import { readCheckpoints } from '../projection-checkpoints.ts';
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
 * A token this deployment signed whose session (or user) the read models do not hold yet,
 * while they are still catching up with the log (a long catch-up at start, a rebuild, a
 * restored backup): "not now" (503, Retry-After), never the 401 that would sign the person out.
 */
export class SessionNotYetKnown extends DomainError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('unavailable', errorTexts.busy, errorCodes.unavailable);
  }
}

/** Whether the users and sessions read models are behind the log's head right now. */
export type SessionsCatchingUp = () => Promise<boolean>;

/** The users and sessions projections' checkpoints against the log's head: two small reads. */
export const sessionsCatchingUp =
  (eventStore: EventStore, readStore: ReadStore): SessionsCatchingUp =>
  async () => {
    const [head, checkpoints] = await Promise.all([eventStore.headPosition(), readCheckpoints(readStore)]);
    if (head === null) return false;
    return [projections.users, projections.sessions].some((name) => (checkpoints.get(name) ?? -1) < head);
  };

/**
 * Turns a bearer token into the signed-in user: a valid signature, an unexpired token, a
 * session on record that has not been ended, and a user the read model knows. Used by HTTP
 * routes and by the /ws gateway alike. It fails closed: a token whose session is not in the
 * read model is refused once the read models have caught up with the log, so an ended session
 * can never come back; while they catch up it throws SessionNotYetKnown instead (the session
 * may be in the part of the log not applied yet). Sign-in waits for the session to be
 * projected before it hands out the token.
 */
export class Authenticator {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly readStore: ReadStore,
    private readonly catchingUp: SessionsCatchingUp = async () => false,
  ) {}

  async authenticate(token: string | undefined): Promise<SignedInUser | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const [session, user] = await Promise.all([
      this.readStore.collection<SessionDocument>(authReadModels.sessions).findOne({ _id: claims.sessionId }),
      this.readStore.collection<UserDocument>(authReadModels.users).findOne({ _id: claims.userId }),
    ]);
    if (session && (session.endedAt || session.userId !== claims.userId)) return null;
    if (!session || !user) {
      // only a token with a valid signature gets here, so the log's head is not read for a forged one
      if (await this.catchingUp()) throw new SessionNotYetKnown();
      return null;
    }
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
