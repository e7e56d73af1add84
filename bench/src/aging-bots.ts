// The bots' start on an old log (#18 "Benchmarks", third): the bots process
// (bots/src/main.ts --bot key, as docker-compose runs it) on a prepared log, beside `npm start`
// on the same DATA_DIR, against the fake Discord holding --servers of the log's servers. Its
// start is timed to three moments: GET /api/ready answers 200 (its event feed follows the
// log), the bot identified on the gateway, and, on the first start, every server re-reported to
// the product (the reports are counted by a pass-through proxy in front of PRODUCT_API_URL).
// "Ready" is the later of the first two. Each bot starts twice: the first start on this data,
// then a restart (the figure of the goal: a bot that keeps a checkpoint has one by then, and
// re-reports only the servers that changed: none here, so the restart's reports are counted for
// a few seconds after it is ready, not waited for). The poster bot's restart is timed too, for
// the capacity model.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { KEY_BOT, OWNER, POSTER_BOT } from '../../bots/test/support/world.ts';
import { snowflake } from '../../test/support/mixed-log-world.ts';
import type { LogCache } from './aging-logs.ts';
import { call, ROOT, RunningProduct, sleep } from './aging-product.ts';
import { type AgingResults, atMost } from './aging-results.ts';
import { BOT_TOKEN } from './bench-servers.ts';
import { freePort } from './soak-product.ts';

export interface BotsOptions {
  servers: number;
}

/** A pass-through proxy to the product that counts the servers the key bot reported (2xx answers). */
async function countingProxy(target: string): Promise<{ url: string; reported: Set<string>; close: () => void }> {
  const reported = new Set<string>();
  const server = http.createServer((request, response) => {
    const forward = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        const guild = /^\/api\/bot\/guilds\/(\d+)$/.exec(request.url ?? '')?.[1];
        if (guild && request.method === 'POST' && (answer.statusCode ?? 500) < 300) reported.add(guild);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, reported, close: () => server.close() };
}

/** What the capacity model reads: results.measured.bots.bySize[events]. */
export interface BotsOnLog {
  servers: number;
  keyFirst: BotStart;
  keyRestart: BotStart;
  posterFirst: BotStart;
  posterRestart: BotStart;
}

export interface BotStart {
  readySeconds: number;
  identifiedSeconds: number;
  /** Until every server was reported (the key bot); NaN for the poster bot. */
  reportedSeconds: number;
  /** Servers reported during the start (the restart: in its first 3 s after ready). */
  reportsSent: number;
  /** The later of ready and identified. */
  startSeconds: number;
}

/** Spawns the bots process for one bot, times its start, stops it. */
async function startBot(
  bot: 'key' | 'poster',
  dataDir: string,
  fake: FakeDiscord,
  productApiUrl: string,
  reported: Set<string> | null,
  /** Servers whose reports the start waits for (0: none are waited for, those sent are counted). */
  servers: number,
): Promise<BotStart> {
  const port = await freePort();
  const identifiedBefore = fake.identified.length;
  reported?.clear();
  const spawnedAt = performance.now();
  const spawnedAtWall = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bots/src/main.ts', '--bot', bot], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EVENTSTORE_URL: '',
      MONGODB_URL: '',
      PRODUCT_API_URL: productApiUrl,
      BOT_API_TOKEN: BOT_TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_TOKEN: bot === 'key' ? KEY_BOT.token : '',
      DISCORD_CLIENT_ID: KEY_BOT.applicationId,
      POSTER_DISCORD_TOKEN: bot === 'poster' ? POSTER_BOT.token : '',
      POSTER_DISCORD_CLIENT_ID: POSTER_BOT.applicationId,
      PUBLIC_URL: 'https://vip.example',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const since = () => (performance.now() - spawnedAt) / 1000;
  let readySeconds = Number.NaN;
  let identifiedSeconds = Number.NaN;
  let reportedSeconds = Number.NaN;
  try {
    const deadline = performance.now() + 10 * 60_000;
    while (
      Number.isNaN(readySeconds) ||
      Number.isNaN(identifiedSeconds) ||
      (reported && servers > 0 && Number.isNaN(reportedSeconds))
    ) {
      if (child.exitCode !== null) throw new Error(`the ${bot} bot exited while starting:\n${output}`);
      if (performance.now() > deadline) throw new Error(`the ${bot} bot did not start in 10 min:\n${output}`);
      if (Number.isNaN(readySeconds) && (await call(`http://127.0.0.1:${port}`, 'GET', '/api/ready')).status === 200)
        readySeconds = since();
      const identified = fake.identified.slice(identifiedBefore).find((session) => session.bot === bot);
      if (identified && Number.isNaN(identifiedSeconds)) identifiedSeconds = (identified.at - spawnedAtWall) / 1000;
      if (reported && servers > 0 && reported.size >= servers && Number.isNaN(reportedSeconds))
        reportedSeconds = since();
      await sleep(20);
    }
    // a start that waited for no report: what it sent anyway in its first seconds
    if (reported && servers === 0) await sleep(3_000);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  }
  return {
    readySeconds,
    identifiedSeconds,
    reportedSeconds,
    reportsSent: reported?.size ?? 0,
    startSeconds: Math.max(readySeconds, identifiedSeconds),
  };
}

/**
 * Runs the bots process once with no token on an empty directory (it exits at once): tsx
 * compiles the bots' modules then, so the starts measured are not the first compilation's.
 */
async function warmUp(cache: LogCache): Promise<void> {
  const empty = cache.empty('bots-warm-up');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bots/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: empty.dir,
      PORT: '0',
      DISCORD_TOKEN: '',
      POSTER_DISCORD_TOKEN: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await new Promise((resolve) => child.once('exit', resolve));
  empty.done();
}

export async function measureBots(
  cache: LogCache,
  results: AgingResults,
  events: number,
  options: BotsOptions,
): Promise<void> {
  console.log(
    `\nbots: the key bot's start on a log of ${events.toLocaleString('en')} events, ${options.servers} servers`,
  );
  const log = await cache.prepared(events);
  const data = cache.copy(log.dir, 'bots');
  const fake = await FakeDiscord.start([{ ...KEY_BOT }, { ...POSTER_BOT }]);
  for (let i = 0; i < options.servers; i++) {
    const guildId = snowflake(900, i);
    fake.addGuild({
      id: guildId,
      name: `Fake Server ${i}`,
      ownerId: OWNER,
      channels: [
        { id: snowflake(700, i * 2), name: 'general' },
        { id: snowflake(700, i * 2 + 1), name: 'welcome' },
      ],
      bots: ['key', 'poster'],
    });
  }
  await warmUp(cache);
  const product = await RunningProduct.start(data.dir);
  const proxy = await countingProxy(product.url);
  try {
    const first = await startBot('key', data.dir, fake, proxy.url, proxy.reported, options.servers);
    const again = await startBot('key', data.dir, fake, proxy.url, proxy.reported, 0);
    const poster = await startBot('poster', data.dir, fake, proxy.url, null, 0);
    const posterAgain = await startBot('poster', data.dir, fake, proxy.url, null, 0);
    const describe = (start: BotStart) =>
      `/api/ready 200 at ${start.readySeconds.toFixed(2)} s, identified at ${start.identifiedSeconds.toFixed(2)} s` +
      (Number.isNaN(start.reportedSeconds)
        ? `, ${start.reportsSent} servers re-reported`
        : `, ${options.servers} servers reported at ${start.reportedSeconds.toFixed(2)} s`);
    results.add(
      {
        part: 'bots',
        name: "the key bot's restart, until ready",
        value: again.startSeconds,
        unit: 's',
        events,
        note: describe(again),
      },
      atMost(5, 's'),
    );
    results.add({
      part: 'bots',
      name: "the key bot's first start on this data, until ready",
      value: first.startSeconds,
      unit: 's',
      events,
      note: describe(first),
    });
    results.add({
      part: 'bots',
      name: "the poster bot's restart, until ready",
      value: posterAgain.startSeconds,
      unit: 's',
      events,
      note: describe(posterAgain),
    });

    const measured = (results.measured.bots as { bySize: Record<number, BotsOnLog> } | undefined)?.bySize ?? {};
    measured[events] = {
      servers: options.servers,
      keyFirst: first,
      keyRestart: again,
      posterFirst: poster,
      posterRestart: posterAgain,
    };
    results.keep('bots', { bySize: measured });
    const sizes = Object.keys(measured)
      .map(Number)
      .sort((a, b) => a - b);
    if (sizes.length >= 2 && events === sizes[sizes.length - 1]) {
      const smallest = measured[sizes[0]].keyRestart.startSeconds;
      results.add(
        {
          part: 'bots',
          name: `the key bot's restart on ${events.toLocaleString('en')} events against ${sizes[0].toLocaleString('en')}`,
          value: again.startSeconds / smallest,
          unit: '×',
          events,
          note: `${again.startSeconds.toFixed(2)} s against ${smallest.toFixed(2)} s`,
        },
        atMost(1.2, '×'),
      );
    }
  } finally {
    proxy.close();
    await product.stop();
    await fake.close();
    data.done();
  }
}
