import { z } from 'zod';
import { configDefaults } from '../config-defaults.ts';

export const prioritySchema = z.enum(configDefaults.priorities);

/** Stream `announcement-<announcementId>`. */
export const announcementPostedSchema = z.object({
  announcementId: z.string(),
  title: z.string(),
  content: z.string(),
  priority: prioritySchema,
  authorId: z.string(),
  postedAt: z.string(),
});
export const announcementDeletedSchema = z.object({
  announcementId: z.string(),
  deletedAt: z.string(),
});

export type AnnouncementPosted = { type: 'AnnouncementPosted'; data: z.infer<typeof announcementPostedSchema> };
export type AnnouncementDeleted = { type: 'AnnouncementDeleted'; data: z.infer<typeof announcementDeletedSchema> };
export type AnnouncementEvent = AnnouncementPosted | AnnouncementDeleted;
