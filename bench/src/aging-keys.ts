// Keys on an old server (#18 "Benchmarks", first two): `generateKey` requests/s on a server
// the key bot has reported many times (50,000 member counts by default) against the same
// server when it was fresh, in one run; and appending a report, the last thousand against the
// first. The reports go through the bot route, as the key bot sends them, with a new member
// count each (a report that changes nothing appends nothing). A run stops writing reports at
// its time budget and says how far it got: today's product folds the whole server stream per
// report, so 50,000 are out of reach (≈ quadratic).
import autocannon from 'autocannon';
import { AGING_GUILD, agingGuildReport, type LogCache } from './aging-logs.ts';
import { call, headPosition, RunningProduct } from './aging-product.ts';
import { type AgingResults, atLeast, atMost, median } from './aging-results.ts';
import { BOT_TOKEN } from './bench-servers.ts';

export interface KeysOptions {
  reports: number;
  /** Seconds of reporting after which the bench stops and measures what it has. */
  reportBudgetSeconds: number;
  /** Seconds of generateKey load per round. */
  seconds: number;
  connections: number;
}

/** A second server, reported once, measured beside the old one: the same process, the same moment. */
const CONTROL_GUILD = '100000000000000201';

async function keysPerSecond(url: string, guildId: string, options: KeysOptions): Promise<number> {
  const result = await autocannon({
    url: `${url}/api/keys/generateKey`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ guildId }),
    connections: options.connections,
    duration: options.seconds,
  });
  const failed = result.non2xx + result.errors;
  if (failed > 0) console.log(`    (${failed} of ${result.requests.total} generateKey requests failed on ${guildId})`);
  return result.requests.average;
}

async function report(url: string, guildId: string, memberCount: number): Promise<number> {
  const answer = await call(url, 'POST', `/api/bot/guilds/${guildId}`, {
    body: agingGuildReport(memberCount),
    token: BOT_TOKEN,
  });
  if (answer.status !== 200) throw new Error(`a report failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.ms;
}

export async function measureKeys(cache: LogCache, results: AgingResults, options: KeysOptions): Promise<void> {
  console.log(`\nkeys: generateKey on a server fresh and after ${options.reports.toLocaleString('en')} reports`);
  const data = cache.empty('keys');
  const product = await RunningProduct.start(data.dir);
  try {
    await report(product.url, AGING_GUILD, 1000);
    await report(product.url, CONTROL_GUILD, 1000);
    // the first seconds of a fresh process compile rather than serve
    await autocannon({
      url: `${product.url}/api/keys/generateKey`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guildId: CONTROL_GUILD }),
      connections: options.connections,
      duration: 2,
    });
    // both servers alternately, fresh and later old: a busy machine disturbs both alike
    const alternately = async () => {
      const server: number[] = [];
      const control: number[] = [];
      for (let round = 0; round < 2; round++) {
        server.push(await keysPerSecond(product.url, AGING_GUILD, options));
        control.push(await keysPerSecond(product.url, CONTROL_GUILD, options));
      }
      return { best: Math.max(...server), server, controlBest: Math.max(...control), control };
    };
    const fresh = await alternately();
    console.log(
      `    fresh: ${Math.round(fresh.best)} keys/s (the server reported once beside it: ${Math.round(fresh.controlBest)})`,
    );

    const headBefore = await headPosition(product.url);
    const budgetEnds = performance.now() + options.reportBudgetSeconds * 1000;
    const times: number[] = [];
    let lastSaid = performance.now();
    for (let i = 1; i <= options.reports && performance.now() < budgetEnds; i++) {
      // a count and its double in turn: every report is recorded (none is near the last), so the stream ages
      times.push(await report(product.url, AGING_GUILD, (i % 2 === 0 ? 2 : 1) * (1000 + i)));
      if (performance.now() - lastSaid > 15_000) {
        lastSaid = performance.now();
        console.log(`    ${i.toLocaleString('en')} reports, the last at ${times[times.length - 1].toFixed(1)} ms`);
      }
    }
    const written = times.length;
    const eventsPerReport = written === 0 ? 0 : ((await headPosition(product.url)) - headBefore) / written;
    const stopped =
      written < options.reports
        ? `stopped at ${written.toLocaleString('en')} of ${options.reports.toLocaleString('en')} reports: ${options.reportBudgetSeconds} s budget`
        : undefined;

    const aged = await alternately();
    results.add(
      {
        part: 'keys',
        name: `generateKey on a server after ${written.toLocaleString('en')} reports, share of the same server fresh`,
        value: (100 * aged.best) / fresh.best,
        unit: '%',
        note: `best of two rounds: ${Math.round(aged.best)} against ${Math.round(fresh.best)} keys/s; a server reported once, measured alternately: ${Math.round(aged.controlBest)} then, ${Math.round(fresh.controlBest)} before${stopped ? `; ${stopped}` : ''}`,
      },
      atLeast(90, '%'),
    );

    const block = Math.min(1000, Math.floor(written / 2));
    const first = times.slice(0, block);
    const last = times.slice(written - block);
    const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
    results.add(
      {
        part: 'keys',
        name: `appending a report: the last ${block.toLocaleString('en')} against the first ${block.toLocaleString('en')}`,
        value: block === 0 ? null : sum(last) / sum(first),
        unit: '×',
        note: `${(sum(first) / 1000).toFixed(1)} s then ${(sum(last) / 1000).toFixed(1)} s (median ${median(first).toFixed(2)} then ${median(last).toFixed(2)} ms a report)${stopped ? `; ${stopped}` : ''}`,
      },
      atMost(1.2, '×'),
    );
    results.add({ part: 'keys', name: 'events appended per changed report', value: eventsPerReport, unit: 'events' });
    results.keep('keys', {
      freshKeysPerSecond: fresh.best,
      agedKeysPerSecond: aged.best,
      rounds: { fresh, aged },
      reportsWritten: written,
      reportsWanted: options.reports,
      reportMsFirstBlock: median(first),
      reportMsLastBlock: median(last),
      reportSecondsTotal: sum(times) / 1000,
      eventsPerReport,
    });
  } finally {
    await product.stop();
    data.done();
  }
}
