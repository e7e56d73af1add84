// Requests/s and latency of the product's two hottest routes beside a bare Koa route, in one
// run, on the embedded stores: POST /api/keys/generateKey and GET /api/server/{id}.
// Run: npx tsx bench/src/http-throughput.ts [seconds per route] [connections]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BOT_TOKEN, GUILD, LISTENING, PRODUCT_READY, seedGuild, startServer } from './bench-servers.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);

async function measure(title: string, options: autocannon.Options) {
  // warm up first: the first second of a fresh process is spent compiling, not serving
  await autocannon({ connections, duration: 2, ...options });
  const result = await autocannon({ connections, duration: seconds, ...options });
  const errors = result.non2xx + result.errors;
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-bench-http-'));
const unlimited = '100000000';
const product = await startServer(
  ['src/main.ts'],
  {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-password-1',
    BOT_API_TOKEN: BOT_TOKEN,
    RATE_LIMIT_KEYS_PER_MINUTE: unlimited,
    RATE_LIMIT_HASHES_PER_MINUTE: unlimited,
    RATE_LIMIT_LOGINS_PER_MINUTE: unlimited,
  },
  PRODUCT_READY,
);
const bare = await startServer(['bench/src/bare-koa.ts'], {}, LISTENING);

try {
  await seedGuild(product.url);

  const results = [
    await measure('bare Koa route', { url: `${bare.url}/` }),
    await measure(`GET /api/server/${GUILD}`, { url: `${product.url}/api/server/${GUILD}` }),
    await measure('POST /api/keys/generateKey', {
      url: `${product.url}/api/keys/generateKey`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guildId: GUILD }),
    }),
  ];
  const baseline = results[0].rps;
  console.log(`\n${seconds} s per route, ${connections} connections, embedded stores, ${os.cpus().length} cores`);
  for (const r of results) {
    console.log(
      `${r.title.padEnd(44)} ${Math.round(r.rps).toString().padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${((100 * r.rps) / baseline).toFixed(0)}% of bare${r.errors ? `  (${r.errors} errors/non-2xx)` : ''}`,
    );
  }
} finally {
  product.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
