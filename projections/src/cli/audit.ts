import { randomUUID } from 'node:crypto';
import fs, { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { type AuditDocument, auditDocumentId, auditReadModels, eventSchemas, isDiscordId } from '@vip/contracts';
import {
  auditExportStream,
  closeContainer,
  createContainer,
  type EventStore,
  embeddedFiles,
  loadConfig,
  openSeparateReadStore,
  stateAsOfScratchLabel,
  TOKENS,
} from '@vip/platform';
import { stateAsOf } from '../as-of/state-as-of.ts';
import { describeSummary, exitCodeOf } from '../seals/report.ts';
import { verifyExportFile } from '../seals/verify-file.ts';
import { verifyLog } from '../seals/verify-log.ts';
import { describeSnapshots, snapshotExitCode, verifySnapshots } from '../seals/verify-snapshots.ts';
import { progressReporter } from './progress.ts';
import { rewritePersonalDataCommand } from './rewrite-personal-data.ts';
import { usingStore } from './scratch-store.ts';

/**
 * npm run audit -- verify                   recompute the log's hash chain from position 0 and check every seal,
 *                                           then every snapshot of the folds against its signature
 * npm run audit -- verify --file F.ndjson   check an exported range against its seals, offline
 * npm run audit -- export --from P --to P [--server ID] [--user ID] [--type T,T] [--out FILE]
 * npm run audit -- state --position P [--build ID]  (the query service's "state as of here"): JSON lines on stdout
 * npm run audit -- rewrite-personal-data --to-data-dir DIR | --to-eventstore URL
 *                                           rewrite a log written before personal data was encrypted into a new
 *                                           one, encrypted and sealed again (docs/privacy.md)
 * Exit codes of verify: 0 every seal matches, 1 tampering (or a broken file, or an edited snapshot), 2 only a
 * seal of another chain.
 */
const usage = `Usage:
  npm run audit -- verify [--file export.ndjson]
  npm run audit -- export --from POSITION --to POSITION [--server ID] [--user ID] [--type Type,Type] [--out FILE]
  npm run audit -- rewrite-personal-data --to-data-dir NEW_FOLDER | --to-eventstore NEW_URL`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    server: { type: 'string' },
    user: { type: 'string' },
    type: { type: 'string' },
    out: { type: 'string' },
    position: { type: 'string' },
    build: { type: 'string' },
    'to-data-dir': { type: 'string' },
    'to-eventstore': { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function positionArg(name: 'from' | 'to' | 'position'): number {
  const raw = values[name];
  if (raw === undefined) fail(`--${name} is required`);
  if (!/^\d{1,16}$/.test(raw) || Number(raw) < 1)
    fail(`--${name} must be a log position (a whole number of at least 1)`);
  return Number(raw);
}

async function withStores<R>(work: (container: Awaited<ReturnType<typeof createContainer>>) => Promise<R>): Promise<R> {
  const container = await createContainer(loadConfig(), 'audit');
  try {
    return await work(container);
  } finally {
    await closeContainer(container);
  }
}

async function verify(): Promise<number> {
  if (values.file) {
    const { summary, problems } = await verifyExportFile(values.file);
    for (const problem of problems) process.stdout.write(`BROKEN FILE: ${problem}\n`);
    if (summary) for (const line of describeSummary(summary)) process.stdout.write(`${line}\n`);
    return exitCodeOf(summary, problems);
  }
  return withStores(async (container) => {
    const eventStore: EventStore = await container.getAsync(TOKENS.eventStore);
    // the share done is told by position: on EventStoreDB (byte offsets) a close enough one
    const head = (await eventStore.headPosition()) ?? 0;
    const report = progressReporter();
    const summary = await verifyLog(eventStore, {
      onProgress: (position, events) =>
        report(
          head === 0 ? 1 : position / head,
          `checked ${events.toLocaleString('en')} events, up to position ${position.toLocaleString('en')}`,
        ),
    });
    process.stderr.write('\n');
    for (const line of describeSummary(summary)) process.stdout.write(`${line}\n`);
    const snapshots = await checkSnapshots(container);
    return Math.max(exitCodeOf(summary), snapshots);
  });
}

/**
 * The snapshots of the folds against their signatures; the exit code they add (1: one was
 * edited). They are checked with the deployment's secret, where it is: JWT_SECRET, or the
 * one DATA_DIR keeps; without it, or without a snapshot file, there is nothing to check
 * (and nothing is created here).
 */
async function checkSnapshots(container: Awaited<ReturnType<typeof createContainer>>): Promise<number> {
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (!config.mongodbUrl && !fs.existsSync(embeddedFiles(config.dataDir).snapshots)) {
    say('no snapshots are stored: nothing to check against their signatures');
    return 0;
  }
  if (!config.jwtSecret && !fs.existsSync(path.join(config.dataDir, 'jwt-secret'))) {
    say("snapshots not checked: their signatures need the deployment's secret (JWT_SECRET, or DATA_DIR/jwt-secret)");
    return 0;
  }
  const summary = await verifySnapshots(await container.getAsync(TOKENS.snapshotStore));
  for (const line of describeSnapshots(summary)) say(line);
  return snapshotExitCode(summary);
}

async function exportRange(): Promise<number> {
  const [from, to] = [positionArg('from'), positionArg('to')];
  if (from > to) fail('--from must not be after --to');
  if (values.server !== undefined && !isDiscordId(values.server)) fail('--server must be a Discord server ID');
  if (values.user !== undefined && !/^[\w.-]{1,64}$/.test(values.user)) fail('--user must be a user id');
  const types = values.type?.split(',').filter(Boolean);
  const unknown = types?.filter((type) => !Object.hasOwn(eventSchemas, type)) ?? [];
  if (unknown.length > 0) fail(`Unknown event type(s): ${unknown.join(', ')}`);
  const out = values.out ?? `audit-${from}-${to}.ndjson`;
  return withStores(async (container) => {
    const [eventStore, readStore] = await Promise.all([
      container.getAsync(TOKENS.eventStore),
      container.getAsync(TOKENS.readStore),
    ]);
    const head = (await eventStore.headPosition()) ?? 0;
    if (to > head) fail(`--to is beyond the last position of the log (${head})`);
    await pipeline(
      auditExportStream(eventStore, readStore, { from, to, server: values.server, user: values.user, types }),
      createWriteStream(out),
    );
    process.stdout.write(`${out}\n`);
    return 0;
  });
}

/**
 * One JSON line per progress step, then the state: the query service reads them as they come.
 * The scratch store is named after the build (the query service's build id, else a new one):
 * two builds, on two replicas whose processes may well have the same id, never share one.
 */
async function state(): Promise<number> {
  const position = positionArg('position');
  const build = values.build ?? randomUUID();
  if (!/^[\w-]{1,64}$/.test(build)) fail('--build must be a build id (letters, digits, - and _)');
  const config = loadConfig();
  return withStores(async (container) => {
    const [eventStore, readStore] = await Promise.all([
      container.getAsync(TOKENS.eventStore),
      container.getAsync(TOKENS.readStore),
    ]);
    // a position is the log's own only if an event starts there: the audit index knows
    if (
      !(await readStore.collection<AuditDocument>(auditReadModels.audit).findOne({ _id: auditDocumentId(position) }))
    ) {
      process.stdout.write(`${JSON.stringify({ missing: position })}\n`);
      return 0;
    }
    const scratch = await openSeparateReadStore(config, stateAsOfScratchLabel(build));
    // stopped (the query service shutting down, an operator's Ctrl-C): the copy goes with the build
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => void scratch.store.destroy().finally(() => process.exit(1)));
    let shownAt = 0;
    const answer = await usingStore(scratch.store, 'destroy', (store) =>
      stateAsOf(eventStore, store, position, ({ position: reached, target, events }) => {
        if (performance.now() - shownAt < 100) return;
        shownAt = performance.now();
        process.stdout.write(`${JSON.stringify({ progress: { position: reached, target, events } })}\n`);
      }),
    );
    process.stdout.write(`${JSON.stringify(answer ? { state: answer } : { missing: position })}\n`);
    return 0;
  });
}

/** The rewrite of a log written before personal data was encrypted: into a new DATA_DIR or a new EventStoreDB. */
function rewrite(): Promise<number> {
  const [dataDir, eventStoreUrl] = [values['to-data-dir'], values['to-eventstore']];
  if ((dataDir === undefined) === (eventStoreUrl === undefined))
    fail('Give the new log: --to-data-dir NEW_FOLDER (the embedded log) or --to-eventstore NEW_URL (EventStoreDB)');
  return rewritePersonalDataCommand(dataDir !== undefined ? { dataDir } : { eventStoreUrl: eventStoreUrl! });
}

const commands: Record<string, () => Promise<number>> = {
  verify,
  export: exportRange,
  state,
  'rewrite-personal-data': rewrite,
};
const command = commands[positionals[0] ?? ''];
if (!command) fail(`Unknown command "${positionals[0] ?? ''}"`);
process.exit(await command());
