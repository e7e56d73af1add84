/** The texts users read (spec §8, decisions.md). Server and browser show the same words. */
export const errorTexts = {
  invalidCredentials: 'Invalid username or password',
  fillAllFields: 'Please fill in all fields',
  unauthorized: 'Authentication required',
  sessionEnded: 'Your session has ended, please log in again',
  forbidden: 'Admin access required',
  botOnly: 'This route is for the bots (service token required)',
  notYourServer: 'You can only manage your own servers',
  notFound: 'Not found',
  announcementNotFound: 'Announcement not found',
  invalidPriority: 'Priority must be low, medium or high',
  malformedBody: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  compressedBody: 'The request body must be sent uncompressed (no Content-Encoding)',
  usernameTaken: 'This username is already taken',
  tooManyRequests: 'Too many requests, please try again later',
  internal: 'Something went wrong, please try again',
  busy: 'Busy right now, please try again in a moment',
  failedToLoadAnnouncements: 'Failed to load announcements',
  failedToCreateAnnouncement: 'Failed to create announcement',
  failedToDeleteAnnouncement: 'Failed to delete announcement',
} as const;

export const successTexts = {
  announcementCreated: 'Announcement created successfully',
  announcementDeleted: 'Announcement deleted successfully',
} as const;

export const emptyStates = {
  noAnnouncements: 'No announcements yet',
  noPriorityAnnouncements: (priority: string) => `No ${priority} priority announcements`,
} as const;
