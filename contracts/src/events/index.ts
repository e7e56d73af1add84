import type { z } from 'zod';
import { announcementDeletedSchema, announcementPostedSchema } from './announcement.ts';
import { sessionEndedSchema, sessionStartedSchema } from './session.ts';
import { userRegisteredSchema, usernameReservedSchema } from './user.ts';

export * from './metadata.ts';
export * from './user.ts';
export * from './session.ts';
export * from './announcement.ts';

/**
 * Every event type the product writes, with its schema and current version. A stored event
 * is checked against its schema when it is read back (parseEvent), so a malformed or
 * unknown event fails loudly instead of corrupting a read model.
 */
export const eventSchemas = {
  UserRegistered: { version: 1, schema: userRegisteredSchema },
  UsernameReserved: { version: 1, schema: usernameReservedSchema },
  SessionStarted: { version: 1, schema: sessionStartedSchema },
  SessionEnded: { version: 1, schema: sessionEndedSchema },
  AnnouncementPosted: { version: 1, schema: announcementPostedSchema },
  AnnouncementDeleted: { version: 1, schema: announcementDeletedSchema },
} as const satisfies Record<string, { version: number; schema: z.ZodType }>;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>;
/** A domain event as deciders produce it and projectors consume it. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates an event's data against the schema of its type. */
export function parseEvent(type: string, data: unknown): DomainEvent {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type ${type}`);
  return { type, data: eventSchemas[type].schema.parse(data) } as DomainEvent;
}
