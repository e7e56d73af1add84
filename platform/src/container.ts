import fs from 'node:fs';
import path from 'node:path';
import { Container, ContainerModule } from 'inversify';
import type { MongoClient } from 'mongodb';
import { Authenticator, sessionsCatchingUp } from './auth/authenticator.ts';
import { Keyring } from './auth/keyring.ts';
import { PasswordWork } from './auth/password-work.ts';
import { resolveJwtSecret, SessionTokens } from './auth/session-tokens.ts';
import type { AppConfig } from './config.ts';
import { embeddedFiles, ensureDataDir, privateDatabase, restrict } from './data-dir.ts';
import type { EventStore } from './event-store/event-store.ts';
import { MeteredEventStore } from './event-store/metered-event-store.ts';
import { openLog } from './event-store/open-log.ts';
import { createLogger, type Logger } from './logger.ts';
import { Metrics } from './metrics.ts';
import { PersonalDataEventStore } from './privacy/personal-data-event-store.ts';
import type { PersonalKeys } from './privacy/personal-keys.ts';
import { SqlitePersonalKeys } from './privacy/sqlite-personal-keys.ts';
import { SqliteVisitorDayKeys } from './privacy/sqlite-visitor-day-keys.ts';
import { VisitorDigests } from './privacy/visitor-day-keys.ts';
import { MemoryRateCounter, type RateCounter } from './rate-counter/rate-counter.ts';
import { SqliteRateCounter } from './rate-counter/sqlite-rate-counter.ts';
import type { ReadStore } from './read-store/read-store.ts';
import { scratchFileLabel, scratchFolder } from './read-store/scratch-stores.ts';
import { SqliteReadStore } from './read-store/sqlite-read-store.ts';
import { VersionedReadStore } from './read-store/versioned-read-store.ts';
import { Readiness } from './readiness.ts';
import { SignedSnapshotStore } from './snapshot-store/signed-snapshot-store.ts';
import type { SnapshotStore } from './snapshot-store/snapshot-store.ts';
import { SqliteSnapshotStore } from './snapshot-store/sqlite-snapshot-store.ts';
import { TOKENS } from './tokens.ts';

/*
 * The drivers of EventStoreDB and MongoDB are imported only when their URL is set: together
 * about 40 MB of memory in each process (and its threads) that runs on the embedded stores.
 */
const mongoReadStores = () => import('./read-store/mongo-read-store.ts');

export const coreModule = (config: AppConfig, service: string) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.config).toConstantValue(config);
    bind(TOKENS.logger).toConstantValue(createLogger(service, config.logLevel));
    bind(TOKENS.metrics).toConstantValue(new Metrics(service));
    bind(TOKENS.readiness).toConstantValue(new Readiness());
    bind(TOKENS.passwordWork).toConstantValue(new PasswordWork(config.passwordHashing));
    const masterSecret = () => {
      const secret = resolveJwtSecret(config.jwtSecret, ensureDataDir(config.dataDir));
      // one written by hand, or copied in from a backup
      restrict(path.join(config.dataDir, 'jwt-secret'), 0o600);
      return secret;
    };
    bind(TOKENS.sessionTokens).toResolvedValue(() => new SessionTokens(masterSecret(), config.sessionHours));
    bind(TOKENS.keyring).toResolvedValue(() => new Keyring(masterSecret()));
    bind(TOKENS.authenticator).toResolvedValue(
      (tokens: SessionTokens, readStore: ReadStore, eventStore: EventStore) =>
        new Authenticator(tokens, readStore, sessionsCatchingUp(eventStore, readStore)),
      [TOKENS.sessionTokens, TOKENS.readStore, TOKENS.eventStore],
    );
  });

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the embedded SQLite log in DATA_DIR;
 * personal data written encrypted and read opened (privacy/personal-data-event-store.ts);
 * appends counted for /metrics.
 */
export const eventStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.eventStore).toResolvedValue(
      async (metrics: Metrics, personalKeys: PersonalKeys) =>
        new MeteredEventStore(new PersonalDataEventStore(await openLog(config), personalKeys), metrics),
      [TOKENS.metrics, TOKENS.personalKeys],
    );
  });

/** The persons' keys: a collection beside the read models (MongoDB), or a file of their own in DATA_DIR. */
export const personalKeysModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    const binding = bind(TOKENS.personalKeys);
    if (config.mongodbUrl)
      binding.toResolvedValue(
        async (client: MongoClient) =>
          new (await import('./privacy/mongo-personal-keys.ts')).MongoPersonalKeys(client.db(config.mongodbDatabase)),
        [TOKENS.mongoClient],
      );
    else
      binding.toResolvedValue(
        () => new SqlitePersonalKeys(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).personalKeys)),
      );
  });

/**
 * The visitors' day keys: a collection beside `personal_keys` (MongoDB), or a table of the
 * embedded key store's file; the digests keep each day's key linkable VISITOR_RETENTION_DAYS.
 */
export const visitorDigestsModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    const binding = bind(TOKENS.visitorDigests);
    const close = (digests: VisitorDigests) => digests.close();
    if (config.mongodbUrl)
      binding
        .toResolvedValue(
          async (client: MongoClient) =>
            new VisitorDigests(
              new (await import('./privacy/mongo-visitor-day-keys.ts')).MongoVisitorDayKeys(
                client.db(config.mongodbDatabase),
              ),
              config.visitorRetentionDays,
            ),
          [TOKENS.mongoClient],
        )
        .onDeactivation(close);
    else
      binding
        .toResolvedValue(
          () =>
            new VisitorDigests(
              new SqliteVisitorDayKeys(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).personalKeys)),
              config.visitorRetentionDays,
            ),
        )
        .onDeactivation(close);
  });

/** How a process connects to MongoDB (a test hands in a stubbed driver). */
export type ConnectMongo = (url: string) => Promise<MongoClient>;

const connectMongo: ConnectMongo = async (url) => {
  const [{ MongoClient }, { MongoReadStore }] = await Promise.all([import('mongodb'), mongoReadStores()]);
  return MongoClient.connect(url, MongoReadStore.clientOptions);
};

/**
 * The process's one MongoClient, when MONGODB_URL is set: the read store, the rate counter
 * and the snapshot store share its pool (issue #19 item 15: each opened its own). Made when
 * the first of them is, closed by closeContainer after them.
 */
export const mongoClientModule = (config: AppConfig, connect: ConnectMongo = connectMongo) =>
  new ContainerModule(({ bind }) => {
    const url = config.mongodbUrl;
    if (!url) return;
    bind(TOKENS.mongoClient)
      .toResolvedValue(() => connect(url))
      .onDeactivation((client) => client.close());
  });

/** MongoDB when MONGODB_URL is set, otherwise embedded SQLite documents in DATA_DIR. */
export const readStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    if (config.mongodbUrl) {
      bind(TOKENS.readStore).toResolvedValue(
        async (client: MongoClient) => (await mongoReadStores()).MongoReadStore.on(client, config.mongodbDatabase),
        [TOKENS.mongoClient],
      );
    } else {
      bind(TOKENS.readStore).toResolvedValue(
        () =>
          new SqliteReadStore(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).readModels), {
            cacheBytes: config.readStoreCacheMb * 2 ** 20,
          }),
      );
    }
  });

/**
 * Where per-client limits count. The all-in-one is the only process on its stores, so its
 * own memory is enough; a service that runs as replicas counts in the deployment's store,
 * so that a client is counted once across them (issue #13 item 18).
 */
export const rateCounterModule = (config: AppConfig, service: string) =>
  new ContainerModule(({ bind }) => {
    const cap = config.rateLimits.windows;
    const binding = bind(TOKENS.rateCounter);
    // closed by closeContainer's unbind, only if a service opened it
    const close = (counter: RateCounter) => counter.close();
    if (service === 'all-in-one') binding.toResolvedValue(() => new MemoryRateCounter(cap)).onDeactivation(close);
    else if (config.mongodbUrl)
      binding
        .toResolvedValue(
          async (client: MongoClient) =>
            (await import('./rate-counter/mongo-rate-counter.ts')).MongoRateCounter.in(
              client.db(config.mongodbDatabase),
              cap,
            ),
          [TOKENS.mongoClient],
        )
        .onDeactivation(close);
    else
      binding
        .toResolvedValue(
          () => new SqliteRateCounter(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).rateWindows), cap),
        )
        .onDeactivation(close);
  });

/**
 * Snapshots of long folds: beside the read models (MongoDB), or a file of their own in
 * DATA_DIR; signed with the keyring's snapshot key, so that one edited there is never used.
 */
export const snapshotStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    // closed by closeContainer's unbind, only if something opened it
    const close = (store: SnapshotStore) => store.close();
    const signed = [TOKENS.keyring, TOKENS.logger] as const;
    const binding = bind(TOKENS.snapshotStore);
    if (config.mongodbUrl)
      binding
        .toResolvedValue(
          async (client: MongoClient, keyring: Keyring, logger: Logger) =>
            new SignedSnapshotStore(
              new (await import('./snapshot-store/mongo-snapshot-store.ts')).MongoSnapshotStore(
                client.db(config.mongodbDatabase),
              ),
              keyring,
              logger,
            ),
          [TOKENS.mongoClient, ...signed],
        )
        .onDeactivation(close);
    else
      binding
        .toResolvedValue(
          (keyring: Keyring, logger: Logger) =>
            new SignedSnapshotStore(
              new SqliteSnapshotStore(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).snapshots)),
              keyring,
              logger,
            ),
          [...signed],
        )
        .onDeactivation(close);
  });

/** A container whose stores follow the configuration; everything is a singleton. */
export async function createContainer(
  config: AppConfig,
  service: string,
  options: { connectMongo?: ConnectMongo } = {},
): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(
    coreModule(config, service),
    eventStoreModule(config),
    personalKeysModule(config),
    visitorDigestsModule(config),
    mongoClientModule(config, options.connectMongo),
    readStoreModule(config),
    rateCounterModule(config, service),
    snapshotStoreModule(config),
  );
  // every reader follows a projector's new version once the projections switch to it (blue/green rebuilds)
  container.onActivation(TOKENS.readStore, (_context, store: ReadStore) => new VersionedReadStore(store));
  return container;
}

/** Closes whichever stores were opened. */
export async function closeContainer(container: Container): Promise<void> {
  const logger: Logger = container.get(TOKENS.logger);
  for (const token of [TOKENS.rateCounter, TOKENS.snapshotStore, TOKENS.visitorDigests] as const) {
    try {
      await container.unbindAsync(token);
    } catch (error) {
      logger.warn({ err: error }, 'closing a counter, snapshot or day key store failed');
    }
  }
  for (const token of [TOKENS.eventStore, TOKENS.readStore] as const) {
    try {
      const store: { close(): Promise<void> } = await container.getAsync<{ close(): Promise<void> }>(token);
      await store.close();
    } catch (error) {
      logger.warn({ err: error }, 'closing a store failed');
    }
  }
  // after the stores that share it
  if (container.isBound(TOKENS.mongoClient)) {
    try {
      await container.unbindAsync(TOKENS.mongoClient);
    } catch (error) {
      logger.warn({ err: error }, 'closing the MongoDB client failed');
    }
  }
}

/**
 * A second, separate read store of the same kind as the configured one, for replays "as of"
 * a point in time and for verification: a file beside the live one, or another database.
 */
export async function openSeparateReadStore(
  config: AppConfig,
  label: string,
): Promise<{ store: ReadStore; where: string }> {
  if (config.mongodbUrl) {
    const { MongoReadStore, scratchDatabaseName } = await mongoReadStores();
    const database = scratchDatabaseName(config.mongodbDatabase, label);
    return { store: await MongoReadStore.connect(config.mongodbUrl, database), where: `MongoDB database ${database}` };
  }
  ensureDataDir(config.dataDir);
  const file = path.join(ensureDataDir(scratchFolder(config.dataDir)), `${scratchFileLabel(label)}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  return {
    store: new SqliteReadStore(privateDatabase(file), { cacheBytes: config.readStoreCacheMb * 2 ** 20 }),
    where: file,
  };
}
