import {
  type AppConfig,
  type Authenticator,
  type EventStore,
  type Keyring,
  type Logger,
  type Metrics,
  type PasswordWork,
  type PersonalKeys,
  type RateCounter,
  type Readiness,
  type ReadStore,
  type SessionTokens,
  type SnapshotStore,
  TOKENS,
  type VisitorDigests,
} from '@vip/platform';
import type { Container } from 'inversify';

/** What the command routes need; resolved from the container once, at start. */
export interface CommandDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Snapshots of the long streams decisions fold (a cache: losing one costs a longer read). */
  snapshotStore: SnapshotStore;
  sessionTokens: SessionTokens;
  logger: Logger;
  config: AppConfig;
  keyring: Keyring;
  authenticator: Authenticator;
  metrics: Metrics;
  readiness: Readiness;
  /** Where per-client limits count (shared by the replicas). */
  rateCounter: RateCounter;
  /** The queue in front of argon2: sign-ins and password changes hash through it. */
  passwordWork: PasswordWork;
  /** The persons' keys: destroying one is an erasure. */
  personalKeys: PersonalKeys;
  /** Visitors' addresses as digests of the day, linkable to them for VISITOR_RETENTION_DAYS only. */
  visitorDigests: VisitorDigests;
}

export async function resolveCommandDeps(container: Container): Promise<CommandDeps> {
  return {
    config: container.get(TOKENS.config),
    logger: container.get(TOKENS.logger),
    eventStore: await container.getAsync(TOKENS.eventStore),
    readStore: await container.getAsync(TOKENS.readStore),
    snapshotStore: await container.getAsync(TOKENS.snapshotStore),
    sessionTokens: await container.getAsync(TOKENS.sessionTokens),
    keyring: await container.getAsync(TOKENS.keyring),
    authenticator: await container.getAsync(TOKENS.authenticator),
    metrics: container.get(TOKENS.metrics),
    readiness: container.get(TOKENS.readiness),
    rateCounter: await container.getAsync(TOKENS.rateCounter),
    passwordWork: container.get(TOKENS.passwordWork),
    personalKeys: await container.getAsync(TOKENS.personalKeys),
    visitorDigests: await container.getAsync(TOKENS.visitorDigests),
  };
}
