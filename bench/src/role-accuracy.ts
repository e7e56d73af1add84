// How accurately the key bot gives and takes VIP roles when Discord misbehaves (issue #21 item 5):
// the product (`npm start` without bot tokens) and the key bot as a process of its own beside
// it on the same data directory (bots/src/main.ts, as docker-compose runs it), against the fake
// Discord made hostile: a share of role calls answered 429 with retry_after and 5xx, the
// gateway dropped and resumed mid-run, members leaving and rejoining, and the bot process
// killed (SIGKILL) and started again once. Prints grants made / asked, removals made / due and
// the lateness of removals after their due time.
//   npx tsx bench/src/role-accuracy.ts [--redemptions 300] [--window 30] [--spread 90] [--members 120]
//     [--rate-limited 0.1] [--server-errors 0.05] [--retry-after 0.5] [--verbose: each late window's role calls]
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { type FakeDiscord, waitFor } from '../../bots/test/fake-discord/fake-discord.ts';
import { CHANNELS, GUILD, KEY_BOT, startFakeDiscord } from '../../bots/test/support/world.ts';
import { BOT_TOKEN, removeDataDir, startAllInOne } from '../../test/support/all-in-one.ts';
import { figuresOf, percentile, type Rejoin, windowsOf } from './role-accuracy-figures.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const redemptions = arg('redemptions', 300);
const windowSeconds = arg('window', 30);
const spreadSeconds = arg('spread', 90);
const memberCount = arg('members', 120);
const hostility = {
  rateLimitedShare: arg('rate-limited', 0.1),
  serverErrorShare: arg('server-errors', 0.05),
  retryAfterSeconds: arg('retry-after', 0.5),
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const fake: FakeDiscord = await startFakeDiscord();
const members = Array.from({ length: memberCount }, (_, i) => `36${String(i).padStart(16, '0')}`);
for (const [i, userId] of members.entries()) fake.addMember(fake.guild(GUILD), userId, `member${i}`);
// most members redeem again and again (second keys, new windows); a tenth leave and come back
// during their window, a tenth after it
const tenth = Math.max(1, Math.floor(memberCount / 10));
const leaveDuring = members.slice(-2 * tenth, -tenth);
const leaveAfter = members.slice(-tenth);
const regulars = members.slice(0, -2 * tenth);
const vipWindow = { VIP_ROLE_SECONDS: String(windowSeconds) };
const product = await startAllInOne({ env: vipWindow });

let bot: ChildProcess;
let botOutput = '';
let up: Promise<void> = Promise.resolve();
/** The key bot alone, as `node --import tsx bots/src/main.ts --bot key`: resolves once it is on the gateway. */
async function startBot(): Promise<void> {
  const before = fake.identified.length;
  bot = spawn(process.execPath, ['--import', 'tsx', 'bots/src/main.ts', '--bot', 'key'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...vipWindow,
      DATA_DIR: product.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PRODUCT_API_URL: product.url,
      BOT_API_TOKEN: BOT_TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_TOKEN: KEY_BOT.token,
      PUBLIC_URL: 'https://vip.example',
      BOT_SNAPSHOT_SECONDS: '5',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bot.stdout!.on('data', (chunk) => (botOutput += chunk));
  bot.stderr!.on('data', (chunk) => (botOutput += chunk));
  await waitFor(() => fake.identified.length > before, 60_000, `the key bot connected:\n${botOutput}`);
}
const stopBot = (signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (bot.exitCode !== null) return resolve();
    bot.once('exit', () => resolve());
    bot.kill(signal);
  });

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { key?: string };
};

const rejoins = { during: [] as Rejoin[], after: [] as Rejoin[] };
const outcomes = { answered: 0, interrupted: 0, refused: 0 };

async function redeemOnce(userId: string): Promise<number | null> {
  // while the bot is down its members wait (Discord would answer "This interaction failed")
  await up;
  const where = { guildId: GUILD, channelId: CHANNELS.verify, userId };
  try {
    const { key } = await post(`${product.url}/api/keys/generateKey`, { guildId: GUILD });
    if (!key) throw new Error('no key');
    await fake.answerTo(fake.button('key', where, 'vip:redeem'), 20_000);
    const answer = await fake.answerTo(fake.modalSubmit('key', where, 'vip:redeem-modal', { key }), 30_000);
    const until = /<t:(\d+):f>/.exec(answer.data.content ?? '');
    if (!until) outcomes.refused++;
    else outcomes.answered++;
    return until ? Number(until[1]) * 1000 : null;
  } catch {
    // the bot was killed meanwhile: the member's key may or may not be spent (the log says)
    outcomes.interrupted++;
    return null;
  }
}

async function leaveAndRejoin(userId: string, comeBack: 'during' | 'after', until: number | null): Promise<void> {
  await sleep(2_000);
  fake.memberLeaves(GUILD, userId);
  await sleep(comeBack === 'during' ? 3_000 : Math.max(3_000, (until ?? Date.now()) - Date.now() + 3_000));
  fake.memberJoins(GUILD, userId, userId);
  rejoins[comeBack].push({ userId, at: Date.now() });
}

await startBot();
const startedAt = Date.now();
const dropAt = startedAt + spreadSeconds * 300;
const killAt = startedAt + spreadSeconds * 550;
let killedFor = 0;
console.log(
  `role accuracy: ${redemptions} redemptions by ${memberCount} members over ${spreadSeconds} s, VIP window ${windowSeconds} s; ` +
    `Discord answers ${Math.round(hostility.rateLimitedShare * 100)} % of role calls 429 (retry_after ${hostility.retryAfterSeconds} s) ` +
    `and ${Math.round(hostility.serverErrorShare * 100)} % 5xx`,
);
fake.hostility = hostility;

const chaos = (async () => {
  await sleep(dropAt - Date.now());
  fake.dropGateway('key');
  console.log(`  +${seconds(Date.now() - startedAt)}: the gateway dropped`);
  await sleep(killAt - Date.now());
  let reopen = () => {};
  up = new Promise((resolve) => (reopen = resolve));
  const killed = Date.now();
  await stopBot('SIGKILL');
  console.log(`  +${seconds(killed - startedAt)}: the bot process killed (SIGKILL)`);
  await startBot();
  killedFor = Date.now() - killed;
  console.log(`  +${seconds(Date.now() - startedAt)}: back, the key bot connected again (down ${seconds(killedFor)})`);
  reopen();
})();

const tasks: Promise<void>[] = [];
let during = 0;
let after = 0;
for (let i = 0; i < redemptions; i++) {
  await sleep(startedAt + (i * spreadSeconds * 1000) / redemptions - Date.now());
  const kind =
    i % 10 === 8 && during < leaveDuring.length
      ? 'during'
      : i % 10 === 9 && after < leaveAfter.length
        ? 'after'
        : 'regular';
  const userId =
    kind === 'during' ? leaveDuring[during++] : kind === 'after' ? leaveAfter[after++] : regulars[i % regulars.length];
  tasks.push(
    redeemOnce(userId).then((until) =>
      kind === 'regular' || until === null ? undefined : leaveAndRejoin(userId, kind, until),
    ),
  );
}
await Promise.all([...tasks, chaos]);

// every window ends: wait for the last removal (or give up 60 s after the last due time)
const store = new SqliteEventStore(path.join(product.dataDir, 'events.sqlite'));
const vipEvents = async () =>
  (await store.readAll()).filter((event) => event.type === 'VipRoleGranted' || event.type === 'VipRoleRemoved');
let windows = windowsOf(await vipEvents());
const lastDue = Math.max(...windows.map((window) => window.due));
while (Date.now() < lastDue + 60_000) {
  const events = await vipEvents();
  const removed = events.filter((event) => event.type === 'VipRoleRemoved').length;
  windows = windowsOf(events);
  if (removed >= windows.length && Date.now() > lastDue + 2_000) break;
  await sleep(1_000);
}
await sleep(1_000);
const roleId = [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')!.id;
const holding = [...fake.guild(GUILD).members.values()].filter((member) => member.roles.includes(roleId)).length;
const figures = figuresOf(windowsOf(await vipEvents()), fake.calls, roleId, rejoins, holding);

console.log(
  `  redemptions answered ${outcomes.answered}, refused ${outcomes.refused}, cut off by the kill ${outcomes.interrupted}; ` +
    `gateway resumes ${fake.resumes.length}; Discord answered 429 × ${fake.hostileCounts.rateLimited}, 5xx × ${fake.hostileCounts.serverErrors}`,
);
console.log(`grants made / asked:      ${figures.grantsMade} / ${figures.grantsAsked}`);
console.log(
  `rejoins during a window:  role given back ${figures.rejoinGrantsMade} / ${figures.rejoinsDuringWindow}; ` +
    `after it: given ${figures.rejoinsAfterEndGiven} / ${figures.rejoinsAfterEnd} (should be 0)`,
);
console.log(
  `removals made / due:      ${figures.removalsMade} / ${figures.removalsDue} (${figures.removalsSuperseded} by the member's next window; early: ${figures.removalsEarly}; members still holding the role: ${figures.stillHolding})`,
);
const [p50, p99] = [percentile(figures.lateness, 50), percentile(figures.lateness, 99)];
const max = figures.lateness.at(-1) ?? Number.NaN;
console.log(
  `lateness of removals:     p50 ${p50.toFixed(2)} s, p99 ${p99.toFixed(2)} s, max ${max.toFixed(2)} s ` +
    `(goals: p99 < 5 s, max < 30 s across a kill of ${seconds(killedFor)})`,
);

if (process.argv.includes('--verbose')) {
  const late = windowsOf(await vipEvents())
    .map((window) => ({ window, calls: fake.calls.filter((call) => call.path.includes(`/members/${window.userId}/`)) }))
    .filter(
      ({ window, calls }) =>
        !calls.some((call) => call.method === 'DELETE' && call.at >= window.due - 50 && call.at < window.due + 5_000),
    );
  for (const { window, calls } of late)
    console.log(
      `  late: ${window.userId} opened +${seconds(window.openedAt - startedAt)} due +${seconds(window.due - startedAt)}:`,
      calls.map((call) => `${call.method} ${call.status} +${seconds(call.at - startedAt)}`).join(', '),
    );
}
await store.close();
await stopBot('SIGTERM');
await product.stop();
await fake.close();
removeDataDir(product.dataDir);
