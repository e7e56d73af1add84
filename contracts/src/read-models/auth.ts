/** Read models of users and their sessions. */
export const authReadModels = {
  users: 'users',
  sessions: 'sessions',
} as const;

export interface UserDocument {
  _id: string;
  username: string;
  isAdmin: boolean;
  avatar: string | null;
  registeredAt: string;
}

/** Only ended sessions matter to a reader: a valid token whose session ended is refused. */
export interface SessionDocument {
  _id: string;
  userId: string;
  startedAt?: string;
  expiresAt?: string;
  endedAt?: string;
}
