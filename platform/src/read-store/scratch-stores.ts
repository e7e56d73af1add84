import fs from 'node:fs';
import path from 'node:path';
import type { MongoClient } from 'mongodb';
import type { AppConfig } from '../config.ts';

/** The label of the scratch store a "state as of" build replays into (one per build). */
export const stateAsOfScratchLabel = (buildId: string) => `audit-state-${buildId}`;
/** What every such label starts with: how their stores are found again. */
export const stateAsOfScratchPrefix = stateAsOfScratchLabel('');

/** A label as the embedded store names its file (openSeparateReadStore). */
export const scratchFileLabel = (label: string) => label.replace(/[^\w.-]/g, '_');

/** The folder of DATA_DIR that holds the embedded scratch stores. */
export const scratchFolder = (dataDir: string) => path.join(dataDir, 'replays');

/**
 * Removes the scratch stores whose label starts with `prefix`, but those of `keep` (their
 * builds run) and, embedded, a file written to within `idleMs` (a process still writes it);
 * answers the names removed. A store is left behind when its process is killed before it
 * removes it (SIGKILL, a crash, a replica taken over): each is a whole copy of the read
 * models, so one forgotten a day fills the disk within a year.
 */
export async function removeScratchStores(
  config: Pick<AppConfig, 'dataDir' | 'mongodbUrl' | 'mongodbDatabase'>,
  prefix: string,
  {
    keep,
    idleMs,
    connectMongo = async (url) => (await import('mongodb')).MongoClient.connect(url),
  }: { keep: readonly string[]; idleMs: number; connectMongo?: (url: string) => Promise<MongoClient> },
): Promise<string[]> {
  if (config.mongodbUrl)
    return removeScratchDatabases(await connectMongo(config.mongodbUrl), config.mongodbDatabase, prefix, keep);
  const folder = scratchFolder(config.dataDir);
  if (!fs.existsSync(folder)) return [];
  const kept = new Set(keep.map((label) => `${scratchFileLabel(label)}.sqlite`));
  const now = Date.now();
  const removed: string[] = [];
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith(scratchFileLabel(prefix)) || !name.endsWith('.sqlite') || kept.has(name)) continue;
    const file = path.join(folder, name);
    const writtenAt = Math.max(
      ...['', '-wal'].map((suffix) => fs.statSync(`${file}${suffix}`, { throwIfNoEntry: false })?.mtimeMs ?? 0),
    );
    if (now - writtenAt < idleMs) continue;
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
    removed.push(file);
  }
  return removed;
}

/** The databases beside `base` named for a label with `prefix`, but those of `keep`, dropped. */
async function removeScratchDatabases(
  client: MongoClient,
  base: string,
  prefix: string,
  keep: readonly string[],
): Promise<string[]> {
  const { scratchDatabaseName } = await import('./mongo-read-store.ts');
  const kept = new Set(keep.map((label) => scratchDatabaseName(base, label)));
  const start = scratchDatabaseName(base, prefix);
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    const removed: string[] = [];
    for (const { name } of databases) {
      if (!name.startsWith(start) || kept.has(name)) continue;
      await client.db(name).dropDatabase();
      removed.push(name);
    }
    return removed;
  } finally {
    await client.close();
  }
}
