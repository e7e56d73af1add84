import { z } from 'zod';
import { configDefaults, type Priority } from '../config-defaults.ts';
import { errorTexts } from '../error-texts.ts';
import { plainText } from './input-rules.ts';
import { defineRoute } from './route-spec.ts';

const blankIsMissing = z.string({ error: errorTexts.fillAllFields }).trim().min(1, errorTexts.fillAllFields);

export const createAnnouncementRequestSchema = z.object({
  title: plainText(blankIsMissing.max(200, 'Title must be at most 200 characters'), 'Title'),
  content: plainText(blankIsMissing.max(5000, 'Content must be at most 5000 characters'), 'Content'),
  priority: z
    .enum(configDefaults.priorities, { error: errorTexts.invalidPriority })
    .default(configDefaults.defaultPriority),
});
export type CreateAnnouncementRequest = z.input<typeof createAnnouncementRequestSchema>;

export const announcementIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, errorTexts.announcementNotFound);

/** An announcement as GET /api/announcements lists it (spec §3). */
export interface AnnouncementView {
  id: string;
  title: string;
  content: string;
  priority: Priority;
  createdAt: string;
  author: { username: string; avatar: string | null };
}

export const announcementsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/announcements',
    auth: 'signedIn',
    summary: 'Announcements, newest first',
    response: { status: 200, description: 'AnnouncementView[]' },
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/announcements',
    auth: 'admin',
    summary: 'Post an announcement (pushed live on /ws)',
    body: createAnnouncementRequestSchema,
    response: { status: 201, description: 'The created AnnouncementView' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/announcements/:id',
    auth: 'admin',
    summary: 'Delete an announcement',
    params: { id: announcementIdSchema },
    response: { status: 204, description: 'Deleted' },
  }),
};
