// Does the product age well? (#18 "Benchmarks" and the figures of its capacity model.) Drives
// the real `npm start` on a DATA_DIR over HTTP, on logs written with writeMixedLog and through
// the API, and prints each figure beside its goal; the figures go to a JSON file that
// bench/src/capacity-model.ts turns into the capacity model.
//
// Run: npx tsx bench/src/aging.ts [--only keys,streams,bots,memory,upgrade,restarts,capacity]
//        [--events 100000,1000000] [--seed 1] [--cache /tmp/vip-aging-logs] [--refresh]
//        [--reports 50000] [--report-budget 900] [--seconds 10] [--connections 10]
//        [--redemptions 1000] [--visits 3000] [--servers 50] [--keys 10000] [--key-steps 10]
//        [--projection guilds,audit] [--load-clients 4] [--out bench/results/aging-<date>.json]
// --events chooses the logs of every part that runs on one; without it each part takes the
// sizes of the issue (bots 100k and 1M; memory, upgrade 1M; restarts 1M and 3.5M; capacity
// every size the other parts used, or 100k and 1M). Logs are written once per size and seed
// into --cache and copied for each run; writing 3.5M events takes a few minutes, its first
// start (the replay) longer.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureBots } from './aging-bots.ts';
import { measureCapacity } from './aging-capacity.ts';
import { measureKeys } from './aging-keys.ts';
import { LogCache } from './aging-logs.ts';
import { measureMemory } from './aging-memory.ts';
import { ROOT } from './aging-product.ts';
import { measureRestarts } from './aging-restarts.ts';
import { AgingResults } from './aging-results.ts';
import { measureStreams } from './aging-streams.ts';
import { measureUpgrade } from './aging-upgrade.ts';

const PARTS = ['keys', 'streams', 'bots', 'memory', 'upgrade', 'restarts', 'capacity'] as const;
type Part = (typeof PARTS)[number];
const M = 1_000_000;
const DEFAULT_SIZES: Record<Exclude<Part, 'keys' | 'streams' | 'capacity'>, number[]> = {
  bots: [100_000, M],
  memory: [M],
  upgrade: [M],
  restarts: [M, 3_500_000],
};

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    events: { type: 'string' },
    seed: { type: 'string', default: '1' },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'vip-aging-logs') },
    refresh: { type: 'boolean', default: false },
    reports: { type: 'string', default: '50000' },
    'report-budget': { type: 'string', default: '900' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    redemptions: { type: 'string', default: '1000' },
    visits: { type: 'string', default: '3000' },
    servers: { type: 'string', default: '50' },
    keys: { type: 'string', default: '10000' },
    'key-steps': { type: 'string', default: '10' },
    projection: { type: 'string', default: 'guilds,audit' },
    'load-clients': { type: 'string', default: '4' },
    out: { type: 'string' },
  },
});

/** A positive whole number from a flag, or a clear stop. */
function count(flag: string, raw: string): number {
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${flag} must be a positive whole number, got "${raw}"`);
  return value;
}
const list = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const only = values.only ? list(values.only) : [...PARTS];
for (const part of only)
  if (!PARTS.includes(part as Part)) throw new Error(`--only takes ${PARTS.join(', ')}; got "${part}"`);
const runs = (part: Part) => only.includes(part);
const chosenSizes = values.events ? list(values.events).map((size) => count('events', size)) : undefined;
const sizesOf = (part: keyof typeof DEFAULT_SIZES) => chosenSizes ?? DEFAULT_SIZES[part];
const seed = count('seed', values.seed);

const options = {
  only,
  events: chosenSizes ?? null,
  seed,
  reports: count('reports', values.reports),
  reportBudgetSeconds: count('report-budget', values['report-budget']),
  seconds: count('seconds', values.seconds),
  connections: count('connections', values.connections),
  redemptions: count('redemptions', values.redemptions),
  visits: count('visits', values.visits),
  servers: count('servers', values.servers),
  keys: count('keys', values.keys),
  keySteps: count('key-steps', values['key-steps']),
  projections: list(values.projection),
  loadClients: count('load-clients', values['load-clients']),
};
const results = new AgingResults(options);
const cache = new LogCache(values.cache, seed, (line) => console.log(`  ${line}`), values.refresh);
const out =
  values.out ??
  path.join(ROOT, 'bench', 'results', `aging-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`);

console.log(
  `aging bench: ${only.join(', ')}; ${os.cpus().length} cores, node ${process.version}; logs cached in ${values.cache}`,
);
const started = performance.now();
const used = new Set<number>();
/** A part that fails (the product died, out of memory) is a finding: said, kept, and the run goes on. */
const attempt = async (part: Part, events: number | undefined, measure: () => Promise<void>) => {
  try {
    await measure();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1500);
    results.add(
      { part, name: `${part}: the measurement failed`, value: null, unit: '', events, note: message },
      () => ({
        goal: 'completes',
        met: false,
      }),
    );
  }
};
const onLogs = async (part: keyof typeof DEFAULT_SIZES, measure: (events: number) => Promise<void>) => {
  for (const events of sizesOf(part)) {
    used.add(events);
    await attempt(part, events, () => measure(events));
  }
};
try {
  if (runs('keys')) await attempt('keys', 0, () => measureKeys(cache, results, options));
  if (runs('streams')) await attempt('streams', 0, () => measureStreams(cache, results, options));
  if (runs('bots')) await onLogs('bots', (events) => measureBots(cache, results, events, options));
  if (runs('memory')) {
    await attempt('memory', 0, () => measureMemory(cache, results, 0, options));
    await onLogs('memory', (events) => measureMemory(cache, results, events, options));
  }
  if (runs('upgrade')) await onLogs('upgrade', (events) => measureUpgrade(cache, results, events, options));
  if (runs('restarts')) await onLogs('restarts', (events) => measureRestarts(cache, results, events));
  if (runs('capacity')) {
    const sizes = chosenSizes ?? (used.size > 0 ? [...used] : [100_000, M]);
    await attempt('capacity', undefined, () => measureCapacity(cache, results, sizes));
  }
} finally {
  console.log(`\nsummary (${((performance.now() - started) / 60_000).toFixed(1)} min):\n${results.summary()}`);
  console.log(`figures written to ${results.write(out)}`);
}
