import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import Koa from 'koa';
import autocannon from 'autocannon';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';

const mode = process.argv[2] ?? 'all';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keybench-'));
const seed = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
await seed.append('guild-1', [{ type: 'GuildReported', data: { guildId: '1', name: 'n', icon: null, memberCount: 1, channels: [], missingPermissions: [], reportedAt: new Date().toISOString() }, metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 's' } } }], 'any');
await seed.close();
const extra = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/keybench/prof2'] : [];
const script = mode === 'command' ? 'command-service/src/main.ts' : 'src/main.ts';
const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], {
  cwd: path.resolve(import.meta.dirname, '../..'),
  env: { ...process.env, DATA_DIR: dataDir, PORT: '3999', HOST: '127.0.0.1', ADMIN_PASSWORD: 'x-password-1', LOG_LEVEL: 'warn', RATE_LIMIT_KEYS_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((r) => setTimeout(r, 4000));

const bare = new Koa();
bare.use(async (ctx) => { ctx.body = { ok: true }; });
const bareServer = http.createServer(bare.callback());
await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
const barePort = (bareServer.address() as any).port;
async function run(url: string, body?: string) {
  return autocannon({ url, connections: 20, duration: 8, method: body ? 'POST' : 'GET', body, headers: { 'content-type': 'application/json' } });
}
const b = mode === 'all' || process.env.BARE ? await run(`http://127.0.0.1:${barePort}/`) : null;
const k = await run(`http://127.0.0.1:3999/api/keys/generateKey`, JSON.stringify({ guildId: '1' }));
console.log('bare', b?.requests.average, 'generateKey', k.requests.average, 'non2xx', k.non2xx, 'errors', k.errors, 'ratio', b ? (k.requests.average / b.requests.average).toFixed(2) : '-', 'p99', k.latency.p99);
bareServer.close();
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
process.exit(0);
