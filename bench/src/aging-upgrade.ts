// An upgrade that changes projectors, on an old log (#18 "Benchmarks", fifth). The product has
// no hook to fake a new projector version, so the bench does what an upgrade leaves behind:
// before the start, the read store records an older version for the chosen projections
// (saveProjectionVersions), and `npm start` finds them built by another version. From the
// spawn on, clients read the key page's server, generate keys and read the audit page, and
// every answer is counted. A restart cannot answer before it listens: the same data is first
// started without a version change, and refusals within that plain restart's time (+20 %,
// +0.5 s) are the restart's own; a refusal later than that, or an answer that is not 2xx or
// never comes, is a request failed while the projections rebuild. "The new version serves" when
// GET /api/health lists no build beside the live read models any more (a build is listed as
// `audit@v3`) and shows each chosen projection's checkpoint at the log's head of the spawn;
// the lines the product logs about the rebuild are printed with their time, to confirm it.

import type { HealthResponse } from '@vip/contracts';
import {
  closeContainer,
  createContainer,
  loadConfig,
  type ReadStore,
  readProjectionVersions,
  saveProjectionVersions,
  TOKENS,
} from '@vip/platform';
import { allProjectors } from '@vip/projections';
import { AGING_GUILD, type LogCache } from './aging-logs.ts';
import { ADMIN, call, METRICS_TOKEN, RunningProduct, sleep } from './aging-product.ts';
import { type AgingResults, atMost } from './aging-results.ts';

export interface UpgradeOptions {
  projections: string[];
  loadClients: number;
}

/** Reads and writes the versions the read store records, through the product's own container. */
async function withReadStore<T>(dataDir: string, work: (readStore: ReadStore) => Promise<T>) {
  const container = await createContainer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'aging-bench');
  try {
    return await work(await container.getAsync(TOKENS.readStore));
  } finally {
    await closeContainer(container);
  }
}

interface Tally {
  /** Refused within the plain restart's time: the restart itself. */
  refusedBeforeListening: number;
  /** Refused later than a plain restart listens: the rebuild holds the start. */
  refusedDuringRebuild: number;
  answered: number;
  failed: number;
  failures: Map<string, number>;
  firstAnswerSecond: number;
}

export async function measureUpgrade(
  cache: LogCache,
  results: AgingResults,
  events: number,
  options: UpgradeOptions,
): Promise<void> {
  const chosen = options.projections.map((name) => {
    const projector = allProjectors.find((candidate) => candidate.name === name);
    if (!projector)
      throw new Error(`--projection: no projection "${name}" (${allProjectors.map((p) => p.name).join(', ')})`);
    return projector;
  });
  console.log(
    `\nupgrade: ${options.projections.join(', ')} of another version, on a log of ${events.toLocaleString('en')} events`,
  );
  const log = await cache.prepared(events);
  const data = cache.copy(log.dir, 'upgrade');
  try {
    const plain = await RunningProduct.spawn(data.dir);
    const plainListens = await plain.untilListening();
    await plain.stop();
    const allowance = plainListens * 1.2 + 0.5;
    await withReadStore(data.dir, (readStore) =>
      saveProjectionVersions(readStore, new Map(chosen.map((projector) => [projector.name, projector.version - 1]))),
    );
    const head = log.meta.headPosition;
    const product = await RunningProduct.spawn(data.dir, {
      env: { LOG_LEVEL: 'info' },
      watch: /rebuil|switch|version|caught up|blue|green/i,
    });
    const since = () => (performance.now() - product.spawnedAt) / 1000;
    const tally: Tally = {
      refusedBeforeListening: 0,
      refusedDuringRebuild: 0,
      answered: 0,
      failed: 0,
      failures: new Map(),
      firstAnswerSecond: Number.NaN,
    };
    let servedSecond = Number.NaN;
    let stopLoad = false;
    let token: string | undefined;
    // one sign-in for all the clients, as one admin's browser would; audit pages once it is in
    let signingIn = false;
    const request = (kind: number) => {
      if (kind === 0 || (kind === 2 && !token && signingIn))
        return {
          what: 'server',
          answer: call(product.url, 'GET', `/api/server/${AGING_GUILD}`, { timeoutMs: 10_000 }),
        };
      if (kind === 1) {
        const body = { guildId: AGING_GUILD };
        return {
          what: 'generateKey',
          answer: call(product.url, 'POST', '/api/keys/generateKey', { body, timeoutMs: 10_000 }),
        };
      }
      if (token)
        return {
          what: 'audit page',
          answer: call(product.url, 'GET', '/api/admin/audit?limit=50', { token, timeoutMs: 10_000 }),
        };
      signingIn = true;
      const signIn = call<{ token: string }>(product.url, 'POST', '/api/auth/login', {
        body: ADMIN,
        timeoutMs: 10_000,
      });
      void signIn.then((answer) => {
        if (answer.status === 200) token = answer.body.token;
        signingIn = false;
      });
      return { what: 'sign-in', answer: signIn };
    };
    const client = async (which: number) => {
      for (let turn = which; !stopLoad; turn++) {
        const { what, answer: answering } = request(turn % 3);
        const answer = await answering;
        if (answer.status === 0 && answer.error === 'ECONNREFUSED' && Number.isNaN(tally.firstAnswerSecond)) {
          if (since() > allowance) tally.refusedDuringRebuild += 1;
          else tally.refusedBeforeListening += 1;
          await sleep(50);
          continue;
        }
        if (Number.isNaN(tally.firstAnswerSecond)) tally.firstAnswerSecond = since();
        // the window of the goal: from the first answer until the new version serves
        if (!Number.isNaN(servedSecond)) continue;
        tally.answered += 1;
        if (answer.status < 200 || answer.status >= 300) {
          tally.failed += 1;
          const failure = `${what} ${answer.status || answer.error}`;
          tally.failures.set(failure, (tally.failures.get(failure) ?? 0) + 1);
        }
      }
    };
    const load = Promise.all(Array.from({ length: options.loadClients }, (_, i) => client(i)));
    try {
      const deadline = performance.now() + 60 * 60_000;
      while (Number.isNaN(servedSecond)) {
        if (product.child.exitCode !== null) throw new Error(`the product exited:\n${product.lastOutput()}`);
        if (performance.now() > deadline) throw new Error('the new version did not serve within an hour');
        const health = await call<HealthResponse>(product.url, 'GET', '/api/health', {
          timeoutMs: 5_000,
          token: METRICS_TOKEN,
        });
        // a version built beside the live one is listed as `audit@v3` until the readers switch to it
        const building = (health.body.projections ?? []).some((projection) => projection.name.includes('@'));
        const caughtUp = (name: string) =>
          (health.body.projections?.find((projection) => projection.name === name)?.checkpoint ?? -1) >= head;
        if (health.status === 200 && !building && chosen.every((projector) => caughtUp(projector.name)))
          servedSecond = since();
        else await sleep(200);
      }
      // a few seconds of load on the new version, outside the window counted
      await sleep(3000);
    } finally {
      stopLoad = true;
      await load;
      await product.stop();
    }
    const recorded = await withReadStore(data.dir, readProjectionVersions);
    const upgraded = chosen.every((projector) => recorded.get(projector.name) === projector.version);
    const failures = [...tally.failures].map(([what, n]) => `${n}× ${what}`).join(', ');
    results.add(
      {
        part: 'upgrade',
        name: `failed requests while ${options.projections.join(', ')} rebuild`,
        value: tally.failed + tally.refusedDuringRebuild,
        unit: 'requests',
        events,
        note: `${tally.refusedDuringRebuild} refused after ${allowance.toFixed(1)} s (a plain restart listens after ${plainListens.toFixed(1)} s) until the first answer at ${tally.firstAnswerSecond.toFixed(1)} s, then ${tally.failed} failed of ${tally.answered} answered until the new version served${failures ? ` (${failures})` : ''}; ${tally.refusedBeforeListening} refused within the plain restart's time`,
      },
      atMost(0, 'requests'),
    );
    results.add({
      part: 'upgrade',
      name: 'time from the spawn until the new version serves',
      value: servedSecond,
      unit: 's',
      events,
      note: `the first answer came ${(tally.firstAnswerSecond - plainListens).toFixed(1)} s later than a plain restart's; versions recorded afterwards ${upgraded ? 'are the new ones' : `are NOT the new ones (${chosen.map((p) => `${p.name} ${recorded.get(p.name)}`).join(', ')})`}`,
    });
    for (const { second, line } of product.watched.slice(0, 12))
      console.log(`    ${second.toFixed(1)} s: ${line.slice(0, 220)}`);
    results.keep('upgrade', {
      [events]: {
        projections: options.projections,
        failed: tally.failed,
        answered: tally.answered,
        refusedBeforeListening: tally.refusedBeforeListening,
        refusedDuringRebuild: tally.refusedDuringRebuild,
        plainRestartListensSeconds: plainListens,
        firstAnswerSeconds: tally.firstAnswerSecond,
        newVersionServesSeconds: servedSecond,
        versionsRecorded: upgraded,
      },
    });
  } finally {
    data.done();
  }
}
