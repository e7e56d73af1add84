import type { ServiceIdentifier } from 'inversify';
import type { MongoClient } from 'mongodb';
import type { Authenticator } from './auth/authenticator.ts';
import type { Keyring } from './auth/keyring.ts';
import type { PasswordWork } from './auth/password-work.ts';
import type { SessionTokens } from './auth/session-tokens.ts';
import type { AppConfig } from './config.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import type { PersonalKeys } from './privacy/personal-keys.ts';
import type { VisitorDigests } from './privacy/visitor-day-keys.ts';
import type { RateCounter } from './rate-counter/rate-counter.ts';
import type { ReadStore } from './read-store/read-store.ts';
import type { Readiness } from './readiness.ts';
import type { SignedSnapshotStore } from './snapshot-store/signed-snapshot-store.ts';

/** Every injectable in one place (docs/architecture.md: tokens in one file). */
export const TOKENS = {
  config: Symbol.for('vip.Config') as ServiceIdentifier<AppConfig>,
  logger: Symbol.for('vip.Logger') as ServiceIdentifier<Logger>,
  eventStore: Symbol.for('vip.EventStore') as ServiceIdentifier<EventStore>,
  readStore: Symbol.for('vip.ReadStore') as ServiceIdentifier<ReadStore>,
  sessionTokens: Symbol.for('vip.SessionTokens') as ServiceIdentifier<SessionTokens>,
  authenticator: Symbol.for('vip.Authenticator') as ServiceIdentifier<Authenticator>,
  keyring: Symbol.for('vip.Keyring') as ServiceIdentifier<Keyring>,
  metrics: Symbol.for('vip.Metrics') as ServiceIdentifier<Metrics>,
  readiness: Symbol.for('vip.Readiness') as ServiceIdentifier<Readiness>,
  rateCounter: Symbol.for('vip.RateCounter') as ServiceIdentifier<RateCounter>,
  passwordWork: Symbol.for('vip.PasswordWork') as ServiceIdentifier<PasswordWork>,
  /** The snapshots of long folds, signed with the keyring's snapshot key. */
  snapshotStore: Symbol.for('vip.SnapshotStore') as ServiceIdentifier<SignedSnapshotStore>,
  /** The persons' keys and pseudonyms, apart from the log (crypto-shredding). */
  personalKeys: Symbol.for('vip.PersonalKeys') as ServiceIdentifier<PersonalKeys>,
  /** The digests of visitors' addresses, with a key per day destroyed after the retention. */
  visitorDigests: Symbol.for('vip.VisitorDigests') as ServiceIdentifier<VisitorDigests>,
  /** The process's one MongoClient (MONGODB_URL set): its stores share its pool. */
  mongoClient: Symbol.for('vip.MongoClient') as ServiceIdentifier<MongoClient>,
} as const;
