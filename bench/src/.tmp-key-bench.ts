import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import Koa from 'koa';
import autocannon from 'autocannon';
import { loadConfig } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { startAllInOne } from '../../src/all-in-one.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keybench-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'x-password-1', LOG_LEVEL: 'warn', RATE_LIMIT_KEYS_PER_MINUTE: '100000000' } as NodeJS.ProcessEnv);
const product = await startAllInOne(config);
const seed = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
await seed.append('guild-1', [{ type: 'GuildReported', data: { guildId: '1', name: 'n', icon: null, memberCount: 1, channels: [], missingPermissions: [], reportedAt: new Date().toISOString() }, metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 's' } } }], 'any');
await seed.close();

const bare = new Koa();
bare.use(async (ctx) => { ctx.body = { ok: true }; });
const bareServer = http.createServer(bare.callback());
await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
const barePort = (bareServer.address() as any).port;

async function run(url: string, body?: string) {
  const result = await autocannon({ url, connections: 20, duration: 8, method: body ? 'POST' : 'GET', body, headers: { 'content-type': 'application/json' } });
  return result;
}
const b = await run(`http://127.0.0.1:${barePort}/`);
const k = await run(`${product.url}/api/keys/generateKey`, JSON.stringify({ guildId: '1' }));
console.log('bare', b.requests.average, 'generateKey', k.requests.average, 'non2xx', k.non2xx, 'ratio', (k.requests.average / b.requests.average).toFixed(2), 'p99', k.latency.p99);
bareServer.close();
await product.close();
process.exit(0);
