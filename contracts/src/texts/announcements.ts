/** The longest title and content an announcement may have; the form's fields stop there too. */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 5000;

/** What the admin reads when an announcement is too long. */
export const announcementTexts = {
  titleLength: `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`,
  contentLength: `Content must be at most ${ANNOUNCEMENT_CONTENT_MAX} characters`,
} as const;
