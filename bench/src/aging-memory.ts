// Memory on an old log (#18 "Benchmarks", fourth): `npm start`'s largest resident set (VmHWM)
// once it has started on the log and answered an admin's first requests (the audit page, the
// statistics, the subscribers…), then its resident set (VmRSS) as keys are added through the
// API, 10,000 at a time: the slope is the memory per extra 10,000 keys, fitted over the steps
// after the first (the first 10,000 warm the product up: the JIT's code, the read store's cache
// and V8's heap reach their working size; that step is printed on its own). Run on an empty
// data directory too, the product's first day, for the capacity model's baseline.
import autocannon from 'autocannon';
import { AGING_GUILD, agingGuildReport, type LogCache } from './aging-logs.ts';
import { call, RunningProduct, signInAsAdmin, sleep, toMb } from './aging-product.ts';
import { type AgingResults, atMost, fitLine, median } from './aging-results.ts';
import { BOT_TOKEN } from './bench-servers.ts';

export interface MemoryOptions {
  keys: number;
  keySteps: number;
  connections: number;
}

/** What the capacity model reads: results.measured.memory.bySize[events]. */
export interface MemoryOnLog {
  /** From the spawn to /api/ready 200, read models already caught up (a plain restart). */
  readySeconds: number;
  peakAfterStartMb: number | null;
  rssByKeys: { keys: number; rssMb: number | null }[];
  perTenThousandKeysMb: number | null;
  peakEndMb: number | null;
}

const ADMIN_PAGES = [
  '/api/admin/stats',
  '/api/admin/audit?limit=50',
  '/api/admin/subscribers',
  '/api/admin/whitelist',
  '/api/admin/suspensions',
  '/api/admin/sponsors',
];

/**
 * The resident set once the projections have applied what was written and the collector had
 * time to run: the median of five readings over two and a half seconds, after one second.
 */
async function settledRss(product: RunningProduct): Promise<number | null> {
  await sleep(1000);
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const rss = product.rss();
    if (rss !== null) readings.push(rss);
    await sleep(500);
  }
  return readings.length === 0 ? null : toMb(median(readings));
}

export async function measureMemory(
  cache: LogCache,
  results: AgingResults,
  events: number,
  options: MemoryOptions,
): Promise<void> {
  console.log(
    `\nmemory: npm start on ${events === 0 ? 'an empty data directory' : `a log of ${events.toLocaleString('en')} events`}`,
  );
  const data = events === 0 ? cache.empty('memory') : cache.copy((await cache.prepared(events)).dir, 'memory');
  const product = await RunningProduct.start(data.dir);
  try {
    const { url } = product;
    if (events === 0) {
      const reported = await call(url, 'POST', `/api/bot/guilds/${AGING_GUILD}`, {
        body: agingGuildReport(1000),
        token: BOT_TOKEN,
      });
      if (reported.status !== 200) throw new Error(`reporting the server failed: ${reported.status}`);
    }
    const { token } = await signInAsAdmin(url);
    for (const page of ADMIN_PAGES) {
      const answer = await call(url, 'GET', page, { token });
      if (answer.status !== 200) console.log(`    (${page} answered ${answer.status})`);
    }
    await call(url, 'GET', `/api/server/${AGING_GUILD}`);
    await sleep(1000);
    const peakAfterStart = product.peakRss();
    const rssByKeys = [{ keys: 0, rssMb: await settledRss(product) }];
    for (let step = 1; step <= options.keySteps; step++) {
      const load = await autocannon({
        url: `${url}/api/keys/generateKey`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ guildId: AGING_GUILD }),
        connections: options.connections,
        amount: options.keys,
      });
      const generated = load['2xx'];
      if (generated < options.keys)
        console.log(`    (${options.keys - generated} of ${options.keys} generateKey requests failed)`);
      rssByKeys.push({ keys: rssByKeys[rssByKeys.length - 1].keys + generated, rssMb: await settledRss(product) });
    }
    const fit = fitLine(
      rssByKeys
        .slice(1)
        .filter((point) => point.rssMb !== null)
        .map((point) => ({ x: point.keys, y: point.rssMb as number })),
    );
    const [start, warm] = rssByKeys;
    const warmUpMb = start?.rssMb != null && warm?.rssMb != null ? warm.rssMb - start.rssMb : null;
    const perTenThousand = fit ? fit.slope * 10_000 : null;
    const measured: MemoryOnLog = {
      readySeconds: product.readySeconds,
      peakAfterStartMb: toMb(peakAfterStart),
      rssByKeys,
      perTenThousandKeysMb: perTenThousand,
      peakEndMb: toMb(product.peakRss()),
    };
    results.add({
      part: 'memory',
      name: 'npm start, read models caught up, until /api/ready 200',
      value: product.readySeconds,
      unit: 's',
      events,
    });
    results.add(
      {
        part: 'memory',
        name: "npm start's largest resident set, started and after an admin's first requests",
        value: measured.peakAfterStartMb,
        unit: 'MB',
        events,
      },
      atMost(300, 'MB'),
    );
    results.add(
      {
        part: 'memory',
        name: 'memory per extra 10,000 keys',
        value: perTenThousand,
        unit: 'MB',
        events,
        note: `after the first ${rssByKeys[1]?.keys.toLocaleString('en') ?? 0} keys (warm-up: ${warmUpMb === null ? '—' : `${warmUpMb.toFixed(1)} MB`}); resident set ${rssByKeys.map((point) => `${point.rssMb} MB at +${point.keys.toLocaleString('en')}`).join(', ')} keys; largest ${measured.peakEndMb} MB`,
      },
      atMost(5, 'MB'),
    );
    const bySize = (results.measured.memory as { bySize: Record<number, MemoryOnLog> } | undefined)?.bySize ?? {};
    bySize[events] = measured;
    results.keep('memory', { bySize });
  } finally {
    await product.stop();
    data.done();
  }
}
