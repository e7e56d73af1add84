import { z } from 'zod';

export const actorSchema = z.object({
  kind: z.enum(['visitor', 'user', 'admin', 'bot', 'system']),
  id: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

/** Every event carries who caused it and which request it belongs to. */
export const eventMetadataSchema = z.object({
  correlationId: z.string(),
  causationId: z.string(),
  actor: actorSchema,
  schemaVersion: z.number().int().positive().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const systemActor: Actor = { kind: 'system', id: 'system' };
