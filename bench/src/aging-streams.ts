// Streams that grow with one person's use (#18 "Benchmarks", last): one member's 1,000th
// redemption against their first, and one address's 3,000th visit against its first, through
// the routes the key bot and the key page call. Single requests are noisy, so each end is the
// median of a window (the first and last 50 redemptions, 100 visits). Also what one key's life
// appends to the log (a page load, the key, its redemption, the role taken back), for the
// capacity model.
import { randomBytes } from 'node:crypto';
import { AGING_GUILD, agingGuildReport, type LogCache } from './aging-logs.ts';
import { call, headPosition, RunningProduct } from './aging-product.ts';
import { type AgingResults, atMost, median } from './aging-results.ts';
import { BOT_TOKEN } from './bench-servers.ts';

export interface StreamsOptions {
  redemptions: number;
  visits: number;
}

const MEMBER = '800000000000000001';
const pageLoadId = () => randomBytes(12).toString('base64url');

async function generateKey(url: string): Promise<string> {
  const answer = await call<{ key: string }>(url, 'POST', '/api/keys/generateKey', { body: { guildId: AGING_GUILD } });
  if (answer.status !== 200) throw new Error(`generateKey answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.key;
}

async function redeem(url: string, key: string, discordUserId: string): Promise<number> {
  const answer = await call(url, 'POST', '/api/bot/keys/redeem', {
    body: { guildId: AGING_GUILD, discordUserId, key },
    token: BOT_TOKEN,
  });
  if (answer.status !== 200) throw new Error(`a redemption answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.ms;
}

async function visit(url: string, pageLoad = pageLoadId()): Promise<number> {
  const answer = await call(url, 'POST', '/api/trackIpVisit', {
    body: { serverId: AGING_GUILD, pageLoadId: pageLoad },
  });
  if (answer.status !== 200) throw new Error(`a visit answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.ms;
}

/** Events one step appends, counted on the log's head over `times` repetitions. */
async function eventsPer(url: string, times: number, step: (i: number) => Promise<unknown>): Promise<number> {
  const before = await headPosition(url);
  for (let i = 0; i < times; i++) await step(i);
  return ((await headPosition(url)) - before) / times;
}

function firstAgainstLast(
  results: AgingResults,
  what: string,
  times: number[],
  window: number,
): { first: number; last: number } {
  const first = median(times.slice(0, window));
  const last = median(times.slice(-window));
  const n = times.length;
  results.add(
    {
      part: 'streams',
      name: `${what} ${n.toLocaleString('en')}: the last against the first`,
      value: last / first,
      unit: '×',
      note: `median of ${n - window + 1}–${n}: ${last.toFixed(2)} ms, of 1–${window}: ${first.toFixed(2)} ms (single: #1 ${times[0].toFixed(1)} ms, #${n} ${times[n - 1].toFixed(1)} ms)`,
    },
    atMost(1.2, '×'),
  );
  return { first, last };
}

export async function measureStreams(cache: LogCache, results: AgingResults, options: StreamsOptions): Promise<void> {
  console.log(
    `\nstreams: one member's ${options.redemptions.toLocaleString('en')} redemptions, one address's ${options.visits.toLocaleString('en')} visits`,
  );
  const data = cache.empty('streams');
  const product = await RunningProduct.start(data.dir);
  try {
    const { url } = product;
    const reported = await call(url, 'POST', `/api/bot/guilds/${AGING_GUILD}`, {
      body: agingGuildReport(1000),
      token: BOT_TOKEN,
    });
    if (reported.status !== 200) throw new Error(`reporting the server failed: ${reported.status}`);

    // one key's life, each step counted alone (the members differ: no window is prolonged)
    const journeys = 20;
    const keys: string[] = [];
    const perPageLoad = await eventsPer(url, journeys, async () => {
      const load = pageLoadId();
      await call(url, 'POST', '/api/keys/trackVisitor', { body: { serverId: AGING_GUILD, pageLoadId: load } });
      await visit(url, load);
    });
    const perKey = await eventsPer(url, journeys, async () => keys.push(await generateKey(url)));
    const member = (i: number) => String(810000000000000000n + BigInt(i));
    const perRedemption = await eventsPer(url, journeys, (i) => redeem(url, keys[i], member(i)));
    const perRoleTakenBack = await eventsPer(url, journeys, (i) =>
      call(url, 'POST', '/api/bot/vip/removed', {
        body: { guildId: AGING_GUILD, discordUserId: member(i) },
        token: BOT_TOKEN,
      }),
    );
    results.add({
      part: 'streams',
      name: 'events appended per key-page load (its two calls)',
      value: perPageLoad,
      unit: 'events',
    });
    results.add({ part: 'streams', name: 'events appended per key generated', value: perKey, unit: 'events' });
    results.add({ part: 'streams', name: 'events appended per redemption', value: perRedemption, unit: 'events' });
    results.add({
      part: 'streams',
      name: 'events appended per VIP role taken back',
      value: perRoleTakenBack,
      unit: 'events',
    });

    // the keys first, so that only the member's stream grows between the redemptions
    const toRedeem: string[] = [];
    for (let i = 0; i < options.redemptions; i++) toRedeem.push(await generateKey(url));
    const redemptions: number[] = [];
    for (const key of toRedeem) redemptions.push(await redeem(url, key, MEMBER));
    const redeemed = firstAgainstLast(
      results,
      "one member's redemption",
      redemptions,
      Math.max(1, Math.min(50, Math.floor(options.redemptions / 10))),
    );

    const visits: number[] = [];
    for (let i = 0; i < options.visits; i++) visits.push(await visit(url));
    const visited = firstAgainstLast(
      results,
      "one address's visit",
      visits,
      Math.max(1, Math.min(100, Math.floor(options.visits / 10))),
    );

    results.keep('streams', {
      eventsPerPageLoad: perPageLoad,
      eventsPerKey: perKey,
      eventsPerRedemption: perRedemption,
      eventsPerRoleTakenBack: perRoleTakenBack,
      redemptions: options.redemptions,
      redemptionMsFirst: redeemed.first,
      redemptionMsLast: redeemed.last,
      visits: options.visits,
      visitMsFirst: visited.first,
      visitMsLast: visited.last,
    });
  } finally {
    await product.stop();
    data.done();
  }
}
