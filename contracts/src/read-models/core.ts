import type { Priority } from '../config-defaults.ts';

/**
 * The read models: collection names and document shapes. Projections write them, queries
 * read them; both sides import these so they can never disagree.
 */
export const readModels = {
  users: 'users',
  sessions: 'sessions',
  announcements: 'announcements',
  checkpoints: 'checkpoints',
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

export interface AnnouncementDocument {
  _id: string;
  title: string;
  content: string;
  priority: Priority;
  createdAt: string;
  authorId: string;
  author: { username: string; avatar: string | null };
}

/**
 * The checkpoints collection holds two documents. `positions`: each projection's checkpoint
 * (the position of the last event it applied) as a field named after the projection, written
 * once per batch for every projection of the batch. `versions`: the version each projection's
 * documents were built with (see the runner's start).
 */
export const checkpointDocumentIds = { positions: 'positions', versions: 'versions' } as const;

export type CheckpointsDocument = {
  _id: string;
  updatedAt?: string;
} & { [projection: string]: number | string | undefined };

/** A checkpoint as versions before one document per batch kept it: one document per projection. */
export interface CheckpointDocument {
  _id: string;
  position: number;
  updatedAt: string;
}

/** The answer shape of GET /api/announcements and of the ws push, from the read model. */
export function toAnnouncementView(doc: AnnouncementDocument): import('../api/announcements.ts').AnnouncementView {
  return {
    id: doc._id,
    title: doc.title,
    content: doc.content,
    priority: doc.priority,
    createdAt: doc.createdAt,
    author: doc.author,
  };
}
