import { z } from 'zod';

/** Stream `session-<sessionId>`: a sign-in and its end. */
export const sessionStartedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export const sessionEndedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  endedAt: z.string(),
});

export type SessionStarted = { type: 'SessionStarted'; data: z.infer<typeof sessionStartedSchema> };
export type SessionEnded = { type: 'SessionEnded'; data: z.infer<typeof sessionEndedSchema> };
export type SessionEvent = SessionStarted | SessionEnded;
