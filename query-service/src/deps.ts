import type { Authenticator, EventStore, Logger, ReadStore } from '@vip/platform';

export interface QueryDeps {
  readStore: ReadStore;
  authenticator: Authenticator;
  logger: Logger;
  /** Only for GET /api/health (the head position); no product read touches it. */
  eventStore: EventStore;
  corsOrigin?: string;
}
