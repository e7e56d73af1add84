import { isMainThread } from 'node:worker_threads';
import type { AppConfig } from '../config.ts';
import { embeddedFiles, ensureDataDir, privateDatabase } from '../data-dir.ts';
import type { EventStore } from './event-store.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

/**
 * The configured log: EventStoreDB when EVENTSTORE_URL is set (its driver imported only then:
 * about 20 MB a process or thread), otherwise the embedded SQLite file in DATA_DIR. A thread
 * of its own (the sealer's) needs only this, not the whole container.
 */
export async function openLog(config: Pick<AppConfig, 'eventStoreUrl' | 'dataDir'>): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return new EventStoreDbEventStore(config.eventStoreUrl);
  }
  return new SqliteEventStore(privateDatabase(embeddedFiles(ensureDataDir(config.dataDir)).events), {
    // the thread that answers requests never waits for the disk; a thread (the sealer's) commits itself
    writer: isMainThread ? 'thread' : 'inline',
  });
}
