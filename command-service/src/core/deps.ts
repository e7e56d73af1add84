import type { EventStore, Logger, ReadStore, SessionTokens } from '@vip/platform';

/** What the command routes need; resolved from the container once, at start. */
export interface CommandDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  sessionTokens: SessionTokens;
  logger: Logger;
  /** CORS_ORIGIN: the one other origin allowed to call the API. */
  corsOrigin?: string;
}
