// What the soak test proves once the load has stopped: nothing acknowledged is missing from
// the log, no key was redeemed twice, every acknowledged key is redeemable exactly once, and
// `npm run verify` finds the read models equal to a rebuild.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { keyErrorCodes } from '@vip/contracts';
import { digestOf } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { BOT_TOKEN } from './bench-servers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the product acknowledged during the run (a 2xx answer received by the client). */
export interface Acknowledged {
  keys: string[];
  hashes: string[];
  redemptions: { key: string; member: string }[];
  announcements: string[];
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}
export type Call = (method: string, pathname: string, body?: unknown, token?: string) => Promise<Answer | null>;

/** What the log holds, by the digests and ids the soak compares with what it was told. */
export async function readLog(dataDir: string) {
  const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  const keys = new Set<string>();
  const hashes = new Set<string>();
  const redemptions = new Map<string, string[]>(); // key digest → members
  const announcements = new Set<string>();
  let events = 0;
  try {
    for (let after = 0; ; ) {
      const page = await store.readAll({ after, maxCount: 5_000 });
      if (page.length === 0) break;
      after = page[page.length - 1].position;
      events += page.length;
      for (const { type, data } of page) {
        const fields = data as Record<string, string>;
        if (type === 'KeyGenerated') keys.add(fields.keyDigest);
        else if (type === 'AccessHashIssued') hashes.add(fields.hashDigest);
        else if (type === 'KeyRedeemed')
          redemptions.set(fields.keyDigest, [...(redemptions.get(fields.keyDigest) ?? []), fields.discordUserId]);
        else if (type === 'AnnouncementPosted') announcements.add(fields.announcementId);
      }
    }
  } finally {
    await store.close();
  }
  return { events, keys, hashes, redemptions, announcements };
}

export type LogContents = Awaited<ReturnType<typeof readLog>>;

export function lostWrites(acknowledged: Acknowledged, log: LogContents) {
  return {
    keys: acknowledged.keys.filter((key) => !log.keys.has(digestOf(key))).length,
    hashes: acknowledged.hashes.filter((hash) => !log.hashes.has(digestOf(hash))).length,
    redemptions: acknowledged.redemptions.filter(
      ({ key, member }) => !(log.redemptions.get(digestOf(key)) ?? []).includes(member),
    ).length,
    announcements: acknowledged.announcements.filter((id) => !log.announcements.has(id)).length,
  };
}

/**
 * Every acknowledged key once more, through the product: one the log shows redeemed is refused
 * as used for another member; one it does not is redeemed by one member and then refused for
 * the next. Answers how many of each went as they must, and the keys that did not.
 */
export async function redeemEachOnce(acknowledged: Acknowledged, log: LogContents, guildId: string, call: Call) {
  let member = 700_000_000_000_000_000n;
  const nextMember = () => String(++member);
  const isUsed = (answer: Answer | null) => answer !== null && answer.body.code === keyErrorCodes.usedKey;
  let redeemedNow = 0;
  let refusedAsUsed = 0;
  const wrong: string[] = [];
  const queue = [...acknowledged.keys];
  const worker = async () => {
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      const redeem = () =>
        call('POST', '/api/bot/keys/redeem', { guildId, discordUserId: nextMember(), key }, BOT_TOKEN);
      if (log.redemptions.has(digestOf(key))) {
        const again = await redeem();
        if (isUsed(again)) refusedAsUsed += 1;
        else wrong.push(`${key}: redeemed during the run, yet ${again?.status} ${JSON.stringify(again?.body)}`);
        continue;
      }
      const first = await redeem();
      const second = await redeem();
      if (first?.status === 200 && isUsed(second)) redeemedNow += 1;
      else
        wrong.push(
          `${key}: ${first?.status} ${JSON.stringify(first?.body)} then ${second?.status} ${JSON.stringify(second?.body)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { redeemedNow, refusedAsUsed, wrong };
}

/** `npm run verify` on the data dir: its exit code and its verdict line. */
export function runVerify(dataDir: string): Promise<{ code: number | null; verdict: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli/verify.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.resume();
    child.once('error', reject);
    child.once('exit', (code) => {
      const lines = stdout.trim().split('\n');
      resolve({ code, verdict: code === 0 ? lines[lines.length - 1] : lines.slice(-12).join('\n') });
    });
  });
}
