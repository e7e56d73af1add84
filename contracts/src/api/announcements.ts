import { z } from 'zod';
import { configDefaults, type Priority } from '../config-defaults.ts';
import { errorTexts } from '../error-texts.ts';
import { announcementsPaths } from '../routes/announcements.ts';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX, announcementTexts } from '../texts/announcements.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';

const blankIsMissing = z.string({ error: errorTexts.fillAllFields }).trim().min(1, errorTexts.fillAllFields);

export const createAnnouncementRequestSchema = z.object({
  title: plainText(blankIsMissing.max(ANNOUNCEMENT_TITLE_MAX, announcementTexts.titleLength), 'Title'),
  content: plainText(blankIsMissing.max(ANNOUNCEMENT_CONTENT_MAX, announcementTexts.contentLength), 'Content'),
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

export const announcementsApi = withSchemas(announcementsPaths, {
  list: {
    summary: 'Announcements, newest first',
    response: answer<AnnouncementView[]>(200, 'AnnouncementView[]'),
  },
  post: {
    summary: 'Post an announcement (pushed live on /ws)',
    body: createAnnouncementRequestSchema,
    response: answer<AnnouncementView>(201, 'The created AnnouncementView'),
  },
  remove: {
    summary: 'Delete an announcement',
    params: { id: announcementIdSchema },
    response: answer<void>(204, 'Deleted'),
  },
});
