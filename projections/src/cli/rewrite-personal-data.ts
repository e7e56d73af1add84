import fs from 'node:fs';
import path from 'node:path';
import {
  type AppConfig,
  type EventStore,
  embeddedFiles,
  loadConfig,
  type PersonalKeys,
  SqlitePersonalKeys,
} from '@vip/platform';
import { privateDatabase } from '@vip/platform/data-dir.ts';
import { openLog } from '@vip/platform/event-store/open-log.ts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { prepareNewDataDir } from '../rewrite/new-data-dir.ts';
import {
  assertRewritable,
  type RewriteRecord,
  RewriteRefused,
  rewritePersonalData,
} from '../rewrite/rewrite-personal-data.ts';
import { progressReporter } from './progress.ts';

/** Where the rewritten log goes: a new DATA_DIR (the embedded log), or a new, empty EventStoreDB. */
export type RewriteTarget = { dataDir: string } | { eventStoreUrl: string };

const passes = ['check', 'copy', 'seal'] as const;
const n = (value: number) => value.toLocaleString('en');
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run audit -- rewrite-personal-data --to-data-dir DIR | --to-eventstore URL`: rewrites the
 * configured log (DATA_DIR or EVENTSTORE_URL) into a new one with its personal data encrypted,
 * leaving the old one as it is. The persons' keys: MongoDB's collection when MONGODB_URL is set
 * (both logs use it), else a copy of DATA_DIR's key store in the new DATA_DIR, or DATA_DIR's own
 * when the new log is an EventStoreDB. Exit codes: 0 rewritten (or nothing to do), 1 refused.
 */
export async function rewritePersonalDataCommand(
  target: RewriteTarget,
  config: AppConfig = loadConfig(),
): Promise<number> {
  let source: EventStore | undefined;
  let log: EventStore | undefined;
  let keys: PersonalKeys | undefined;
  /** The new DATA_DIR this run made: removed again when it is refused before writing an event. */
  let made: string | undefined;
  try {
    if ('dataDir' in target && config.eventStoreUrl)
      throw new RewriteRefused(
        'The log is an EventStoreDB (EVENTSTORE_URL): rewrite it into a new, empty one with --to-eventstore URL.',
      );
    source = await openLog(config);
    await assertRewritable(source);
    if ('dataDir' in target) {
      const copied = await prepareNewDataDir(config.dataDir, target.dataDir);
      made = target.dataDir;
      say(`copied into ${target.dataDir}: ${copied.join(', ') || 'nothing (no secret file, no key store yet)'}`);
    }
    log =
      'dataDir' in target
        ? new SqliteEventStore(privateDatabase(embeddedFiles(target.dataDir).events))
        : new (await import('@vip/platform/event-store/eventstoredb-event-store.ts')).EventStoreDbEventStore(
            target.eventStoreUrl,
          );
    keys = await personalKeysFor(config, target);
    const report = progressReporter();
    const record = await rewritePersonalData(source, log, keys, {
      sealEvery: config.audit.sealEvery,
      onProgress: (pass, share, line) => report((passes.indexOf(pass) + share) / passes.length, line),
    });
    process.stderr.write('\n');
    for (const line of describeDone(record, target, config)) say(line);
    return 0;
  } catch (error) {
    if (!(error instanceof RewriteRefused)) throw error;
    say(error.message);
    if (made && log && (await log.headPosition()) === null) {
      await Promise.all([log.close(), keys?.close()]);
      fs.rmSync(made, { recursive: true, force: true });
    }
    return error.outcome === 'done' ? 0 : 1;
  } finally {
    await source?.close();
    await log?.close();
    await keys?.close();
  }
}

/** The key store the new log's ciphertext opens with. */
async function personalKeysFor(config: AppConfig, target: RewriteTarget): Promise<PersonalKeys> {
  if (config.mongodbUrl) {
    const { MongoPersonalKeys } = await import('@vip/platform/privacy/mongo-personal-keys.ts');
    return MongoPersonalKeys.connect(config.mongodbUrl, config.mongodbDatabase);
  }
  return new SqlitePersonalKeys(
    privateDatabase(embeddedFiles('dataDir' in target ? target.dataDir : config.dataDir).personalKeys),
  );
}

/** What was done, and what the operator does next. */
function describeDone(record: RewriteRecord, target: RewriteTarget, config: AppConfig): string[] {
  const where =
    'dataDir' in target ? `DATA_DIR=${path.resolve(target.dataDir)}` : `EVENTSTORE_URL=${target.eventStoreUrl}`;
  const lines = [
    `Rewritten: ${n(record.events)} events copied, ${n(record.fieldsEncrypted)} personal fields encrypted, ${n(record.streamsRenamed)} streams renamed, the old chain's ${n(record.sealsLeftOut)} seals left out${record.erasedPersons > 0 ? `; ${n(record.erasedPersons)} persons erased before stay unreadable` : ''}.`,
    record.hash === null
      ? 'The old log had no seal; the new chain starts at the new log.'
      : `The new chain's first seal records the old chain's head: hash ${record.hash} (the seal at position ${n(record.sealPosition ?? 0)}, covering up to ${n(record.upToPosition ?? 0)}).`,
    'Next:',
    `  1. Check the new log: ${where} npm run audit -- verify   (it says the log was rewritten, from which head)`,
    `  2. Stop the product and start it on the new log (${where}).`,
  ];
  if ('dataDir' in target && !config.mongodbUrl)
    lines.push('     It builds its read models and snapshots again from the new log at its start.');
  else
    lines.push(
      '     The read models and snapshots were built from the old log (they hold its ids): with the new log configured, run `npm run rebuild`, and delete the stored snapshots (MongoDB: `db.snapshots.deleteMany({})`; embedded: DATA_DIR/snapshots.sqlite) before the start.',
    );
  lines.push(
    `  3. Keep the old log (${config.eventStoreUrl ? `EVENTSTORE_URL=${config.eventStoreUrl}` : `DATA_DIR=${config.dataDir}`}) until the new one verifies and serves; then delete it and its backups: it holds the ids in clear.`,
  );
  return lines;
}
