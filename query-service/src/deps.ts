import {
  type AppConfig,
  type Authenticator,
  type EventStore,
  type Keyring,
  type Logger,
  type Metrics,
  type Readiness,
  type ReadStore,
  TOKENS,
} from '@vip/platform';
import type { Container } from 'inversify';

export interface QueryDeps {
  readStore: ReadStore;
  authenticator: Authenticator;
  logger: Logger;
  config: AppConfig;
  keyring: Keyring;
  /** Only for GET /api/health and /api/ready (the head position); no product read touches it. */
  eventStore: EventStore;
  metrics: Metrics;
  readiness: Readiness;
}

export async function resolveQueryDeps(container: Container): Promise<QueryDeps> {
  return {
    config: container.get(TOKENS.config),
    logger: container.get(TOKENS.logger),
    eventStore: await container.getAsync(TOKENS.eventStore),
    readStore: await container.getAsync(TOKENS.readStore),
    keyring: await container.getAsync(TOKENS.keyring),
    authenticator: await container.getAsync(TOKENS.authenticator),
    metrics: container.get(TOKENS.metrics),
    readiness: container.get(TOKENS.readiness),
  };
}
