// What an operator and the first users wait for after a restart on an old log (#18
// "Benchmarks", sixth): the restart itself with one event in the log the read models have not
// applied yet (until GET /api/ready answers 200), the first write after it (a key generated),
// the admin's first audit page, and `npm run verify` on the same data, its largest resident set
// measured by /usr/bin/time (or sampled from /proc where that is missing).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { currentSchemaVersion } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { AGING_GUILD, type LogCache } from './aging-logs.ts';
import { call, procMemory, ROOT, RunningProduct, signInAsAdmin, toMb } from './aging-product.ts';
import { type AgingResults, atMost, median } from './aging-results.ts';

/** What the capacity model reads: results.measured.restarts.bySize[events]. */
export interface RestartOnLog {
  readySeconds: number;
  firstWriteMs: number;
  secondWriteMs: number;
  signInMs: number;
  firstAuditPageMs: number;
  secondAuditPageMs: number;
  peakRssMb: number | null;
  /** Each restart's own figures (the ones above are their medians). */
  rounds: { readySeconds: number; firstWriteMs: number; firstAuditPageMs: number }[];
  verify: { code: number | null; seconds: number; peakRssMb: number | null; verdict: string };
}

/** One event the read models have not applied: an announcement written straight into the log. */
async function appendUnappliedEvent(dataDir: string): Promise<void> {
  const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  const announcementId = `aging-${Date.now()}`;
  const correlationId = `aging-restart-${Date.now()}`;
  try {
    await store.append(
      `announcement-${announcementId}`,
      [
        {
          type: 'AnnouncementPosted',
          data: {
            announcementId,
            title: 'Restarted',
            content: 'An announcement the read models have not applied yet',
            priority: 'low',
            authorId: 'aging-bench',
            postedAt: new Date().toISOString(),
          },
          metadata: {
            correlationId,
            causationId: correlationId,
            actor: { kind: 'admin', id: 'aging-bench' },
            schemaVersion: currentSchemaVersion('AnnouncementPosted'),
          },
        },
      ],
      'any',
    );
  } finally {
    await store.close();
  }
}

/** `npm run verify` on the data directory: exit code, seconds, largest resident set, verdict. */
export function runVerify(dataDir: string): Promise<RestartOnLog['verify']> {
  const timed = fs.existsSync('/usr/bin/time');
  const node = [process.execPath, '--import', 'tsx', 'projections/src/cli/verify.ts'];
  const [command, ...args] = timed ? ['/usr/bin/time', '-f', 'AGING-MAXRSS-KB %M', ...node] : node;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', MONGODB_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
  // without /usr/bin/time, the child is node itself: its VmHWM, read until it ends
  let sampled: number | null = null;
  const sampler = timed ? undefined : setInterval(() => (sampled = procMemory(child.pid, 'VmHWM') ?? sampled), 100);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      const kb = /AGING-MAXRSS-KB (\d+)/.exec(stderr)?.[1];
      const peak = kb === undefined ? sampled : Number(kb) * 1024;
      const lines = stdout.trim().split('\n');
      const verdict =
        code === 0 ? lines[lines.length - 1] : `${lines.slice(-3).join(' / ')} ${stderr.slice(-600)}`.trim();
      resolve({ code, seconds: (performance.now() - started) / 1000, peakRssMb: toMb(peak), verdict });
    });
  });
}

const RESTART_ROUNDS = 3;

/** One restart: until ready, the first and second write, the admin's sign-in, the first and second audit page. */
async function restartOnce(dataDir: string): Promise<Omit<RestartOnLog, 'verify' | 'rounds'>> {
  const product = await RunningProduct.start(dataDir);
  try {
    const { url } = product;
    const write = () => call(url, 'POST', '/api/keys/generateKey', { body: { guildId: AGING_GUILD } });
    const first = await write();
    const second = await write();
    if (first.status !== 200 || second.status !== 200)
      throw new Error(`generateKey after the restart answered ${first.status}, ${second.status}`);
    const signIn = await signInAsAdmin(url);
    const audit = () => call(url, 'GET', '/api/admin/audit?limit=50', { token: signIn.token });
    const firstPage = await audit();
    const secondPage = await audit();
    if (firstPage.status !== 200) throw new Error(`the audit page answered ${firstPage.status}`);
    return {
      readySeconds: product.readySeconds,
      firstWriteMs: first.ms,
      secondWriteMs: second.ms,
      signInMs: signIn.ms,
      firstAuditPageMs: firstPage.ms,
      secondAuditPageMs: secondPage.ms,
      peakRssMb: toMb(product.peakRss()),
    };
  } finally {
    await product.stop();
  }
}

export async function measureRestarts(cache: LogCache, results: AgingResults, events: number): Promise<void> {
  console.log(`\nrestarts: on a log of ${events.toLocaleString('en')} events`);
  const log = await cache.prepared(events);
  const data = cache.copy(log.dir, 'restarts');
  try {
    // three restarts, each with an event of its own not yet applied: one start is as noisy as
    // the disk cache it meets, and the capacity model draws its lines through the medians
    const rounds: Omit<RestartOnLog, 'verify' | 'rounds'>[] = [];
    for (let round = 0; round < RESTART_ROUNDS; round++) {
      await appendUnappliedEvent(data.dir);
      rounds.push(await restartOnce(data.dir));
    }
    const mid = (pick: (round: (typeof rounds)[number]) => number) => median(rounds.map(pick));
    const measured: Omit<RestartOnLog, 'verify'> = {
      readySeconds: mid((round) => round.readySeconds),
      firstWriteMs: mid((round) => round.firstWriteMs),
      secondWriteMs: mid((round) => round.secondWriteMs),
      signInMs: mid((round) => round.signInMs),
      firstAuditPageMs: mid((round) => round.firstAuditPageMs),
      secondAuditPageMs: mid((round) => round.secondAuditPageMs),
      peakRssMb: Math.max(...rounds.map((round) => round.peakRssMb ?? 0)) || null,
      rounds: rounds.map(({ readySeconds, firstWriteMs, firstAuditPageMs }) => ({
        readySeconds,
        firstWriteMs,
        firstAuditPageMs,
      })),
    };
    const each = (pick: (round: (typeof rounds)[number]) => number, digits: number, unit: string) =>
      `each of the ${RESTART_ROUNDS} restarts: ${rounds.map((round) => pick(round).toFixed(digits)).join(', ')} ${unit}`;
    results.add(
      {
        part: 'restarts',
        name: 'restart with one unapplied event, until /api/ready 200',
        value: measured.readySeconds,
        unit: 's',
        events,
        note: `median; ${each((round) => round.readySeconds, 2, 's')}`,
      },
      atMost(5, 's'),
    );
    results.add(
      {
        part: 'restarts',
        name: 'the first write after the restart (generateKey)',
        value: measured.firstWriteMs,
        unit: 'ms',
        events,
        note: `median; ${each((round) => round.firstWriteMs, 1, 'ms')}; the second ${measured.secondWriteMs.toFixed(1)} ms; the admin's sign-in then ${measured.signInMs.toFixed(0)} ms`,
      },
      atMost(200, 'ms'),
    );
    results.add(
      {
        part: 'restarts',
        name: 'the first audit page (GET /api/admin/audit?limit=50)',
        value: measured.firstAuditPageMs,
        unit: 'ms',
        events,
        note: `median; ${each((round) => round.firstAuditPageMs, 1, 'ms')}; the second ${measured.secondAuditPageMs.toFixed(1)} ms; largest resident set ${measured.peakRssMb} MB`,
      },
      atMost(300, 'ms'),
    );
    console.log('    npm run verify …');
    const verify = await runVerify(data.dir);
    results.add(
      {
        part: 'restarts',
        name: 'npm run verify, its largest resident set',
        value: verify.peakRssMb,
        unit: 'MB',
        events,
        note: `exit ${verify.code} after ${verify.seconds.toFixed(1)} s: ${verify.verdict}`,
      },
      (value) => ({ goal: 'completes, ≤ 1,024 MB', met: value === null ? null : verify.code === 0 && value <= 1024 }),
    );
    const bySize = (results.measured.restarts as { bySize: Record<number, RestartOnLog> } | undefined)?.bySize ?? {};
    bySize[events] = { ...measured, verify };
    results.keep('restarts', { bySize });
  } finally {
    data.done();
  }
}
