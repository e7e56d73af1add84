// Soak test under load and faults (issue #13, not part of npm test): for a bounded time, many
// clients mix key generations, one-time links and the keys they give, redemptions by many
// members, sign-ins with wrong passwords and announcements, while `npm start` is SIGKILLed and
// restarted several times under them. At the end nothing acknowledged may be missing from the
// log, no key may be redeemed twice, every acknowledged key is redeemable exactly once,
// `npm run verify` finds no difference, and the product's memory stayed within the bound.
// The embedded read store keeps every read model in memory, so the product's memory grows with
// the data: the bound is for what a run of the default length writes (25,000 to 45,000 events
// a minute on the 2-core machine, with its load); give a longer run a bound of its own.
// Run: npx tsx bench/src/soak.ts [seconds=60] [kills=4] [clients=16] [rss bound in MB=512]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HealthResponse } from '@vip/contracts';
import { BOT_TOKEN, GUILD, seedGuild } from './bench-servers.ts';
import { type Acknowledged, type Answer, lostWrites, readLog, redeemEachOnce, runVerify } from './soak-checks.ts';
import { ADMIN_PASSWORD, freePort, SoakProduct } from './soak-product.ts';

const seconds = Number(process.argv[2] ?? 60);
const kills = Number(process.argv[3] ?? 4);
const clients = Number(process.argv[4] ?? 16);
const rssBoundMb = Number(process.argv[5] ?? 512);
const MEMBERS = 2_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-soak-'));
const product = new SoakProduct(dataDir, await freePort());
const acknowledged: Acknowledged = { keys: [], hashes: [], redemptions: [], announcements: [] };
const statuses = new Map<string, number>();
let requests = 0;
let cutOff = 0;
const count = (outcome: string) => statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);

/** One request; null when no answer came (the process died under it, or was down). */
async function call(method: string, pathname: string, body?: unknown, token?: string): Promise<Answer | null> {
  requests += 1;
  try {
    const response = await fetch(`${product.url}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    count(String(response.status));
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    cutOff += 1;
    return null;
  }
}

let adminToken: string | undefined;
async function signInAsAdmin(): Promise<void> {
  const answer = await call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (answer?.status === 200) adminToken = answer.body.token as string;
}

/** Keys acknowledged and not handed to a redemption yet: each is tried by one member during the run. */
const unredeemed: string[] = [];
const acknowledgeKey = (key: string) => {
  acknowledged.keys.push(key);
  unredeemed.push(key);
};
let members = 0;
const operations: Array<[weight: number, run: () => Promise<void>]> = [
  [
    35,
    async () => {
      const answer = await call('POST', '/api/keys/generateKey', { guildId: GUILD });
      if (answer?.status === 200) acknowledgeKey(answer.body.key as string);
    },
  ],
  [
    15,
    async () => {
      const link = await call('POST', '/api/hash/generate', { serverId: GUILD });
      if (link?.status !== 200 || typeof link.body.hash !== 'string') return;
      acknowledged.hashes.push(link.body.hash);
      const answer = await call('POST', '/api/keys/generateKey', { guildId: GUILD, hash: link.body.hash });
      if (answer?.status === 200) acknowledgeKey(answer.body.key as string);
    },
  ],
  [
    30,
    async () => {
      const key = unredeemed.splice(Math.floor(Math.random() * unredeemed.length), 1)[0];
      if (key === undefined) return;
      const member = String(800_000_000_000_000_000n + BigInt(members++ % MEMBERS));
      const answer = await call(
        'POST',
        '/api/bot/keys/redeem',
        { guildId: GUILD, discordUserId: member, key },
        BOT_TOKEN,
      );
      if (answer?.status === 200) acknowledged.redemptions.push({ key, member });
    },
  ],
  [
    10,
    async () => {
      // guessing at accounts that do not exist: argon2 work all the same, queued and capped
      const username = `guess-${Math.floor(Math.random() * 50)}`;
      await call('POST', '/api/auth/login', { username, password: `wrong-${Math.random()}` });
    },
  ],
  [
    10,
    async () => {
      if (!adminToken) return signInAsAdmin();
      const title = `Soak ${acknowledged.announcements.length + 1}`;
      const answer = await call('POST', '/api/announcements', { title, content: 'under load and faults' }, adminToken);
      if (answer?.status === 201) acknowledged.announcements.push(answer.body.id as string);
      else if (answer?.status === 401) adminToken = undefined;
    },
  ],
];
const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
function pick(): () => Promise<void> {
  let roll = Math.random() * totalWeight;
  for (const [weight, run] of operations) if ((roll -= weight) < 0) return run;
  return operations[0][1];
}

await product.start();
await seedGuild(product.url);
await signInAsAdmin();
const started = performance.now();
const deadline = started + seconds * 1000;
let running = true;

const client = async () => {
  while (performance.now() < deadline) {
    const before = cutOff;
    await pick()();
    // the product is down (killed, restarting): try again in a moment
    if (cutOff > before) await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const killer = async () => {
  for (let k = 1; k <= kills && running; k++) {
    const at = started + (seconds * 1000 * k) / (kills + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
    await product.kill();
    await product.start();
  }
};
const killing = killer();
await Promise.all(Array.from({ length: clients }, client));
running = false;
await killing;
const loadSeconds = (performance.now() - started) / 1000;
// the figures of the load itself, before the checks add their own requests
const load = { requests, cutOff, statuses: [...statuses] };

// the read models catch up with the log before they are judged (the details of /api/health are an admin's)
for (let i = 0; i < 300; i++) {
  if (!adminToken) await signInAsAdmin();
  const health = (await call('GET', '/api/health', undefined, adminToken))?.body as HealthResponse | undefined;
  if (health?.projections?.every((p) => p.checkpoint === health.eventStore.headPosition)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const log = await readLog(dataDir);
const lost = lostWrites(acknowledged, log);
const redeemedTwice = [...log.redemptions.values()].filter((redeemers) => redeemers.length > 1).length;
const once = await redeemEachOnce(acknowledged, log, GUILD, call);
await product.stop();
const verify = await runVerify(dataDir);

const rssMaxMb = product.maxRssBytes / 1024 / 1024;
const lostTotal = lost.keys + lost.hashes + lost.redemptions + lost.announcements;
const acknowledgedTotal =
  acknowledged.keys.length +
  acknowledged.hashes.length +
  acknowledged.redemptions.length +
  acknowledged.announcements.length;
const byStatus = load.statuses.sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}: ${n}`);
const restarts = product.restartSeconds.slice(1);
console.log(
  `\nsoak: ${loadSeconds.toFixed(0)} s of load, ${clients} clients, ${os.cpus().length} cores, embedded stores`,
);
console.log(
  `kills: ${restarts.length} SIGKILLs, each restart ready in ${restarts.map((s) => s.toFixed(1)).join(', ')} s`,
);
console.log(
  `requests under load: ${load.requests} (answers ${byStatus.join(', ')}; ${load.cutOff} without an answer: cut off by a kill or refused while down)`,
);
console.log(
  `acknowledged writes: ${acknowledgedTotal} (keys ${acknowledged.keys.length}, links ${acknowledged.hashes.length}, redemptions ${acknowledged.redemptions.length}, announcements ${acknowledged.announcements.length}); the log holds ${log.events} events`,
);
console.log(
  `lost: ${lostTotal} (keys ${lost.keys}, links ${lost.hashes}, redemptions ${lost.redemptions}, announcements ${lost.announcements}); keys redeemed twice: ${redeemedTwice}`,
);
console.log(
  `redeemable exactly once: ${once.redeemedNow} keys redeemed now then refused as used, ${once.refusedAsUsed} redeemed during the run refused as used, ${once.wrong.length} wrong`,
);
for (const line of once.wrong.slice(0, 10)) console.log(`  ${line}`);
console.log(`verify: exit ${verify.code}: ${verify.verdict}`);
const perProcess = product.maxRssByProcess.map((bytes) => (bytes / 1024 / 1024).toFixed(0));
console.log(
  `RSS max: ${rssMaxMb.toFixed(0)} MB (bound ${rssBoundMb} MB); per process, start to end: ${perProcess.join(', ')} MB`,
);

const failed =
  lostTotal > 0 || redeemedTwice > 0 || once.wrong.length > 0 || verify.code !== 0 || rssMaxMb > rssBoundMb;
console.log(failed ? 'FAILED' : 'PASSED');
if (!failed) fs.rmSync(dataDir, { recursive: true, force: true });
else console.log(`data dir kept for inspection: ${dataDir}`);
process.exit(failed ? 1 : 0);
