import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { Container, ContainerModule } from 'inversify';
import type { AppConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { TOKENS } from './tokens.ts';
import { SqliteEventStore } from './event-store/sqlite-event-store.ts';
import { EventStoreDbEventStore } from './event-store/eventstoredb-event-store.ts';
import { SqliteReadStore } from './read-store/sqlite-read-store.ts';
import { MongoReadStore, scratchDatabaseName } from './read-store/mongo-read-store.ts';
import { SessionTokens, resolveJwtSecret } from './auth/session-tokens.ts';
import { Authenticator } from './auth/authenticator.ts';
import { Keyring } from './auth/keyring.ts';
import type { ReadStore } from './read-store/read-store.ts';
import { MeteredEventStore } from './event-store/metered-event-store.ts';
import { Metrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import { MemoryRateCounter, type RateCounter } from './rate-counter/rate-counter.ts';
import { SqliteRateCounter } from './rate-counter/sqlite-rate-counter.ts';
import { MongoRateCounter } from './rate-counter/mongo-rate-counter.ts';
import { PasswordWork } from './auth/password-work.ts';
import type { SnapshotStore } from './snapshot-store/snapshot-store.ts';
import { SqliteSnapshotStore } from './snapshot-store/sqlite-snapshot-store.ts';
import { MongoSnapshotStore } from './snapshot-store/mongo-snapshot-store.ts';

export const embeddedFiles = (dataDir: string) => ({
  events: path.join(dataDir, 'events.sqlite'),
  readModels: path.join(dataDir, 'read-models.sqlite'),
  rateWindows: path.join(dataDir, 'rate-limits.sqlite'),
  snapshots: path.join(dataDir, 'snapshots.sqlite'),
});

/**
 * DATA_DIR holds the log (argon2 hashes, key digests) and the token secret: only the user
 * the product runs as may enter it. A directory left readable by an older version is
 * tightened at start; one owned by someone else keeps the modes its owner chose.
 */
function ensureDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrict(dataDir, 0o700);
  return dataDir;
}

/**
 * Creates an SQLite file 0600 before SQLite opens it: SQLite gives the -wal and -shm files
 * it creates beside a database the database file's own mode, so they are private too.
 */
function privateDatabase(file: string): string {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) restrict(`${file}${suffix}`, 0o600);
  return file;
}

function restrict(file: string, mode: number): void {
  try {
    if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

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
      (tokens: SessionTokens, readStore: ReadStore) => new Authenticator(tokens, readStore),
      [TOKENS.sessionTokens, TOKENS.readStore],
    );
  });

/** EventStoreDB when EVENTSTORE_URL is set, otherwise the embedded SQLite log in DATA_DIR; appends counted for /metrics. */
export const eventStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    const url = config.eventStoreUrl;
    const open = () =>
      url
        ? new EventStoreDbEventStore(url)
        : new SqliteEventStore(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).events), {
            // the thread that answers requests never waits for the disk; a thread (the sealer's) commits itself
            writer: isMainThread ? 'thread' : 'inline',
          });
    bind(TOKENS.eventStore).toResolvedValue(
      (metrics: Metrics) => new MeteredEventStore(open(), metrics),
      [TOKENS.metrics],
    );
  });

/** MongoDB when MONGODB_URL is set, otherwise embedded SQLite documents in DATA_DIR. */
export const readStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    if (config.mongodbUrl) {
      const url = config.mongodbUrl;
      bind(TOKENS.readStore).toResolvedValue(() => MongoReadStore.connect(url, config.mongodbDatabase));
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
    const open = async (): Promise<RateCounter> => {
      if (service === 'all-in-one') return new MemoryRateCounter();
      if (config.mongodbUrl) return MongoRateCounter.connect(config.mongodbUrl, config.mongodbDatabase);
      return new SqliteRateCounter(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).rateWindows));
    };
    // closed by closeContainer's unbind, only if a service opened it
    bind(TOKENS.rateCounter)
      .toResolvedValue(open)
      .onDeactivation((counter) => counter.close());
  });

/** Snapshots of long folds: beside the read models (MongoDB), or a file of their own in DATA_DIR. */
export const snapshotStoreModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    const open = async (): Promise<SnapshotStore> =>
      config.mongodbUrl
        ? MongoSnapshotStore.connect(config.mongodbUrl, config.mongodbDatabase)
        : new SqliteSnapshotStore(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).snapshots));
    // closed by closeContainer's unbind, only if something opened it
    bind(TOKENS.snapshotStore)
      .toResolvedValue(open)
      .onDeactivation((store) => store.close());
  });

/** A container whose stores follow the configuration; everything is a singleton. */
export async function createContainer(config: AppConfig, service: string): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(
    coreModule(config, service),
    eventStoreModule(config),
    readStoreModule(config),
    rateCounterModule(config, service),
    snapshotStoreModule(config),
  );
  return container;
}

/** Closes whichever stores were opened. */
export async function closeContainer(container: Container): Promise<void> {
  const logger: Logger = container.get(TOKENS.logger);
  for (const token of [TOKENS.rateCounter, TOKENS.snapshotStore] as const) {
    try {
      await container.unbindAsync(token);
    } catch (error) {
      logger.warn({ err: error }, 'closing a counter or snapshot store failed');
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
    const database = scratchDatabaseName(config.mongodbDatabase, label);
    return { store: await MongoReadStore.connect(config.mongodbUrl, database), where: `MongoDB database ${database}` };
  }
  const safe = label.replace(/[^\w.-]/g, '_');
  ensureDataDir(config.dataDir);
  const file = path.join(ensureDataDir(path.join(config.dataDir, 'replays')), `${safe}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  return {
    store: new SqliteReadStore(privateDatabase(file), { cacheBytes: config.readStoreCacheMb * 2 ** 20 }),
    where: file,
  };
}
