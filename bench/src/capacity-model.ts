// The capacity model of issue #18 item 6: for a stated deployment, what it costs per day and
// month, and when it should move from the embedded stores to EventStoreDB + MongoDB and to
// sharded bots. Every per-event, per-key and per-size figure comes from the aging bench's
// measurements (bench/src/aging.ts writes them to bench/results/aging-*.json); the deployment
// and the limits are stated below and on the command line, never mixed with the measurements.
// Each derived figure is printed with its arithmetic.
// Run: npx tsx bench/src/capacity-model.ts [results.json …] [--servers 500] [--keys-per-day 200000]
//        [--busy-servers 500] [--reports-per-minute 1] [--count-drift-per-hour 0.5] [--redeemed 1]
//        [--page-loads-per-key 1]
//        [--peak-factor 10] [--memory-budget-mb 2048] [--disk-budget-gb 100]
import { parseArgs } from 'node:util';
import { configDefaults } from '@vip/contracts';
import { at, eventsWhen, readMeasured, type Trend, trendsOf } from './capacity-inputs.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    servers: { type: 'string', default: '500' },
    'keys-per-day': { type: 'string', default: '200000' },
    'busy-servers': { type: 'string', default: '500' },
    'reports-per-minute': { type: 'string', default: '1' },
    // how far (in % of its members) a busy server's count moves in an hour: joins minus leaves
    'count-drift-per-hour': { type: 'string', default: '0.5' },
    redeemed: { type: 'string', default: '1' },
    'page-loads-per-key': { type: 'string', default: '1' },
    'peak-factor': { type: 'string', default: '10' },
    'memory-budget-mb': { type: 'string', default: '2048' },
    'disk-budget-gb': { type: 'string', default: '100' },
  },
});
const number = (flag: keyof typeof values) => {
  const value = Number(values[flag]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${flag} must be a number ≥ 0, got "${values[flag]}"`);
  return value;
};
const deployment = {
  servers: number('servers'),
  keysPerDay: number('keys-per-day'),
  busyServers: number('busy-servers'),
  reportsPerMinute: number('reports-per-minute'),
  countDriftPerHour: number('count-drift-per-hour'),
  redeemed: number('redeemed'),
  pageLoadsPerKey: number('page-loads-per-key'),
  peakFactor: number('peak-factor'),
};
/** Limits: the issue's goals, discord.js's and Discord's rules, and the machine stated on the command line. */
const limits = {
  memoryMb: number('memory-budget-mb'),
  diskGb: number('disk-budget-gb'),
  restartSeconds: 5,
  verifyMb: 1024,
  botStartSeconds: 5,
  /** discord.js waits this long for a shard to be ready before it gives up (its default). */
  shardReadySeconds: 120,
  /** Discord requires a bot in more servers than this to shard. */
  serversPerShard: 2500,
  /** The peak write rate may take at most this share of what the product appends at full speed. */
  writeShare: 0.5,
};

const { measured, files } = readMeasured(positionals);
const f = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits });
const gb = (bytes: number) => bytes / 1024 ** 3;
const MONTH_DAYS = 30;

console.log('Capacity model (issue #18 item 6), from:');
for (const source of files)
  console.log(`  ${source.file} (${source.date}, commit ${source.commit}, ${source.cores} cores)`);
console.log(
  `\nDeployment: ${f(deployment.servers)} servers, ${f(deployment.keysPerDay)} keys a day (${f(deployment.pageLoadsPerKey, 2)} key-page load per key, ${f(100 * deployment.redeemed)} % redeemed and their VIP role taken back), ${f(deployment.busyServers)} busy servers reporting ${f(deployment.reportsPerMinute, 2)} time(s) a minute with their count moving ${f(deployment.countDriftPerHour, 2)} % an hour, the busiest minute ${f(deployment.peakFactor)}× the day's average.`,
);

// ---- events per day ----
const streams = measured.streams;
const keys = measured.keys;
if (!streams || !keys)
  throw new Error('the model needs the keys and streams parts: npx tsx bench/src/aging.ts --only keys,streams');
const perKey =
  streams.eventsPerKey +
  deployment.redeemed * (streams.eventsPerRedemption + streams.eventsPerRoleTakenBack) +
  deployment.pageLoadsPerKey * streams.eventsPerPageLoad;
const keyEvents = deployment.keysPerDay * perKey;
// A report appends only when the count moved by the quiet share since the last recorded one, or
// the quiet time has passed (configDefaults.memberCountQuiet): a count drifting d % an hour is
// recorded max(1 per quiet time, d / share) times an hour, never more often than it is reported.
const quiet = configDefaults.memberCountQuiet;
const recordedPerHour = Math.min(
  deployment.reportsPerMinute * 60,
  Math.max(60 / quiet.minutes, deployment.countDriftPerHour / (100 * quiet.share)),
);
const reportEvents = deployment.busyServers * recordedPerHour * 24 * keys.eventsPerReport;
const perDay = keyEvents + reportEvents;
console.log('\nEvents per day');
console.log(
  `  per key: ${f(streams.eventsPerKey, 2)} (generated) + ${f(deployment.redeemed, 2)} × (${f(streams.eventsPerRedemption, 2)} redeemed + ${f(streams.eventsPerRoleTakenBack, 2)} role taken back) + ${f(deployment.pageLoadsPerKey, 2)} × ${f(streams.eventsPerPageLoad, 2)} (page load) = ${f(perKey, 2)} events (measured through the API)`,
);
console.log(
  `  keys: ${f(deployment.keysPerDay)} × ${f(perKey, 2)} = ${f(keyEvents)}; reports: ${f(deployment.busyServers)} × ${f(recordedPerHour, 2)} recorded an hour (of ${f(deployment.reportsPerMinute * 60)} reported: within ${f(100 * quiet.share)} % of the last and ${f(quiet.minutes)} min, a report appends nothing) × 24 h × ${f(keys.eventsPerReport, 2)} events per recorded report (measured) = ${f(reportEvents)}`,
);
console.log(`  = ${f(perDay)} events a day, ${f(perDay * MONTH_DAYS)} a month (${MONTH_DAYS} days)`);

// ---- disk ----
const capacity = measured.capacity;
let bytesPerEvent = 0;
if (capacity) {
  console.log('\nDisk growth (bytes each further event adds to each store, measured on the prepared logs)');
  for (const [file, bytes] of Object.entries(capacity.bytesPerEvent)) {
    bytesPerEvent += bytes;
    console.log(
      `  ${file}: ${f(bytes)} B × ${f(perDay * MONTH_DAYS)} events = ${f(gb(bytes * perDay * MONTH_DAYS), 2)} GB a month`,
    );
  }
  console.log(
    `  all stores: ${f(bytesPerEvent)} B an event = ${f(gb(bytesPerEvent * perDay * MONTH_DAYS), 2)} GB a month`,
  );
} else console.log('\nDisk growth: not measured (run the capacity part)');

// ---- what grows with the log ----
const trends = trendsOf(measured);
const describeTrend = (t: Trend) => {
  const points = t.points.map((p) => `${f(p.value, 1)} ${t.unit} at ${f(p.events)}`).join(', ');
  if (!t.line)
    return `  ${t.what}: ${points || 'not measured'}${t.points.length === 1 ? ' (one size: its growth cannot be derived)' : ''}`;
  const perMillion = t.line.slope * 1e6;
  if (t.flat) return `  ${t.what}: ${points} events → flat at ${f(t.line.intercept, 1)} ${t.unit} (${t.flat})`;
  return `  ${t.what}: ${points} events → ${f(t.line.intercept, 1)} ${t.unit} + ${f(perMillion, 2)} ${t.unit} per million events`;
};
console.log('\nWhat grows with the log (least-squares lines through the measured sizes)');
for (const t of Object.values(trends)) console.log(describeTrend(t));

const memory = Object.entries(measured.memory?.bySize ?? {}).sort(([a], [b]) => Number(b) - Number(a))[0];
const perTenThousandKeys = memory?.[1].perTenThousandKeysMb ?? null;
const liveKeys = (deployment.keysPerDay * configDefaults.keyLifetimeHours) / 24;
if (perTenThousandKeys !== null)
  console.log(
    `  keys alive at once: ${f(deployment.keysPerDay)} a day × ${configDefaults.keyLifetimeHours} h lifetime = ${f(liveKeys)}; at ${f(perTenThousandKeys, 2)} MB per 10,000 keys (measured on ${f(Number(memory[0]))} events) that is ${f((liveKeys / 10_000) * perTenThousandKeys)} MB if memory follows the keys`,
  );

// ---- the deployment over time ----
const horizons: [string, number][] = [
  ['1 day', 1],
  ['1 week', 7],
  ['1 month', 30],
  ['3 months', 90],
  ['6 months', 180],
  ['1 year', 365],
];
const cell = (t: Trend, events: number) => {
  const value = at(t, events);
  return value === null ? '—' : `${f(value, t.unit === 's' ? 1 : 0)} ${t.unit}`;
};
console.log('\nThe deployment over time (each column: the line above at that log length)');
console.log(
  `  ${'after'.padEnd(9)} ${'events'.padStart(13)} ${'disk'.padStart(9)} ${'npm start RSS'.padStart(14)} ${'restart'.padStart(9)} ${'key bot'.padStart(9)} ${'poster'.padStart(8)} ${'replay'.padStart(9)} ${'verify RSS'.padStart(11)}`,
);
for (const [label, days] of horizons) {
  const events = perDay * days;
  console.log(
    `  ${label.padEnd(9)} ${f(events).padStart(13)} ${`${f(gb(events * bytesPerEvent), 1)} GB`.padStart(9)} ${cell(trends.rss, events).padStart(14)} ${cell(trends.restart, events).padStart(9)} ${cell(trends.keyBot, events).padStart(9)} ${cell(trends.posterBot, events).padStart(8)} ${cell(trends.replay, events).padStart(9)} ${cell(trends.verifyRss, events).padStart(11)}`,
  );
}

// ---- when to move ----
const dayOf = (events: number | null) =>
  events === null ? null : events === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : events / perDay;
const sayDay = (day: number | null) =>
  day === null
    ? 'cannot be derived (one log size)'
    : day === Number.POSITIVE_INFINITY
      ? 'never: it does not grow with the log'
      : day === 0
        ? 'from the first day'
        : `day ${f(day, day < 1 ? 2 : day < 10 ? 1 : 0)} (${f(day * perDay)} events)`;
const writeCapacity = keys.freshKeysPerSecond * streams.eventsPerKey;
const peakWrites = (perDay / 86_400) * deployment.peakFactor;
const crossings: [string, number | null][] = [
  [`npm start's memory reaches the budget of ${f(limits.memoryMb)} MB`, dayOf(eventsWhen(trends.rss, limits.memoryMb))],
  [
    `a restart exceeds ${limits.restartSeconds} s (the issue's goal)`,
    dayOf(eventsWhen(trends.restart, limits.restartSeconds)),
  ],
  [
    `npm run verify needs more than ${f(limits.verifyMb)} MB (the issue's goal)`,
    dayOf(eventsWhen(trends.verifyRss, limits.verifyMb)),
  ],
  [
    `the stores outgrow the disk budget of ${f(limits.diskGb)} GB`,
    bytesPerEvent > 0 ? (limits.diskGb * 1024 ** 3) / bytesPerEvent / perDay : null,
  ],
];
console.log('\nWhen the embedded stores stop serving this deployment (the first limit it reaches)');
for (const [what, day] of crossings) console.log(`  ${what}: ${sayDay(day)}`);
// the write rate does not grow with the log: it is reached from the first day or never
const writesFit = peakWrites <= limits.writeShare * writeCapacity;
console.log(
  `  the busiest minute's appends, ${f(perDay)} ÷ 86,400 s × ${f(deployment.peakFactor)} = ${f(peakWrites, 1)}/s, against ${f(100 * limits.writeShare)} % of the ${f(writeCapacity)}/s appended at full speed (generateKey on a fresh server × ${f(streams.eventsPerKey, 2)} events per key): ${writesFit ? 'within' : 'beyond, from the first day'}`,
);
if (!writesFit) crossings.push(['the busiest minute needs more appends than the embedded log gives', 0]);
const known = crossings.filter((entry): entry is [string, number] => entry[1] !== null);
const first = known.sort((a, b) => a[1] - b[1])[0];
if (first && Number.isFinite(first[1]))
  console.log(`  → move to EventStoreDB + MongoDB by ${sayDay(first[1])}, when ${first[0]}.`);
else if (first)
  console.log(
    '  → no measured limit is reached: the embedded stores serve this deployment for as long as the disk lasts.',
  );

console.log('\nThe bots');
const shards = Math.ceil(deployment.servers / limits.serversPerShard);
console.log(
  `  Discord requires a shard per ${f(limits.serversPerShard)} servers: ${f(deployment.servers)} servers need ${shards} shard${shards === 1 ? '' : 's'} (Discord's rule, not a measurement).`,
);
const bots = Object.entries(measured.bots?.bySize ?? {}).sort(([a], [b]) => Number(b) - Number(a))[0];
if (bots) {
  const { keyFirst, keyRestart, servers } = bots[1];
  const events = f(Number(bots[0]));
  console.log(
    `  a first start with no snapshot of its folds (a new install on an old log) folds the log once: ready after ${f(keyFirst.readySeconds, 1)} s on ${events} events; every later start reads from its snapshot`,
  );
  console.log(
    `  a restart re-reports only the servers that changed since its snapshot: ${keyRestart.reportsSent} of ${servers} on ${events} events (measured)`,
  );
  if (keyFirst.reportedSeconds !== null) {
    const perServer = (keyFirst.reportedSeconds - keyFirst.startSeconds) / servers;
    console.log(
      `  a first start reports every server once connected: ${f(keyFirst.reportedSeconds - keyFirst.startSeconds, 2)} s for ${servers} servers = ${f(perServer * 1000, 1)} ms a server → ${f(perServer * deployment.servers, 1)} s for ${f(deployment.servers)}`,
    );
  }
}
console.log(
  `  the key bot's restart exceeds ${limits.botStartSeconds} s (the goal): ${sayDay(dayOf(eventsWhen(trends.keyBot, limits.botStartSeconds)))}; exceeds discord.js's ${limits.shardReadySeconds} s shard-ready wait (shards started one after another no longer start): ${sayDay(dayOf(eventsWhen(trends.keyBot, limits.shardReadySeconds)))}`,
);
