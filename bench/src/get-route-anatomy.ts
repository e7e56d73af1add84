// Where the time of GET /api/server/{id} goes: the same request against a bare Koa route,
// against the query service's routers and handlers alone (no middleware), against the whole
// query service, and against the product (`npm start`: the query service behind the
// all-in-one dispatch, beside the command service, projections and /ws). Each layer runs in
// its own process; autocannon drives one at a time; the server process's CPU time per
// request is read from /proc, which moves less than requests/s on a noisy machine.
// Run: npx tsx bench/src/get-route-anatomy.ts [requests per round=30000] [rounds=5]
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BOT_TOKEN, GUILD, LISTENING, PRODUCT_READY, seedGuild, startServer } from './bench-servers.ts';

const requests = Number(process.argv[2] ?? 30_000);
const rounds = Number(process.argv[3] ?? 5);

/** CPU time (user + system) the process has used, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-bench-anatomy-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-password-1', BOT_API_TOKEN: BOT_TOKEN };
const product = await startServer(['src/main.ts'], { ...env, PORT: '0', HOST: '127.0.0.1' }, PRODUCT_READY);
const layers: Array<{ title: string; child: ChildProcess; url: string }> = [];

try {
  await seedGuild(product.url);
  const bare = await startServer(['bench/src/bare-koa.ts'], {}, LISTENING);
  const routes = await startServer(['bench/src/query-app-variant.ts', 'routes'], env, LISTENING);
  const queryApp = await startServer(['bench/src/query-app-variant.ts', 'query-app'], env, LISTENING);
  layers.push(
    { title: 'bare Koa route', ...bare },
    {
      title: 'query routers and handler, no middleware',
      child: routes.child,
      url: `${routes.url}/api/server/${GUILD}`,
    },
    { title: 'whole query service', child: queryApp.child, url: `${queryApp.url}/api/server/${GUILD}` },
    { title: 'product (npm start)', child: product.child, url: `${product.url}/api/server/${GUILD}` },
  );
  for (const layer of layers) {
    const probe = await fetch(layer.url);
    if (probe.status !== 200) throw new Error(`${layer.title} answered ${probe.status}`);
    await autocannon({ url: layer.url, connections: 10, amount: 5_000 }); // warm up
  }
  const cpu = layers.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, layer] of layers.entries()) {
      const before = cpuMicros(layer.child.pid!);
      const result = await autocannon({ url: layer.url, connections: 10, amount: requests });
      cpu[i].push((cpuMicros(layer.child.pid!) - before) / requests);
      if (result.non2xx || result.errors)
        throw new Error(`${layer.title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  }
  const bareCpu = median(cpu[0]);
  console.log(
    `\nGET /api/server/{id}, ${rounds} rounds of ${requests} requests, 10 connections, ${os.cpus().length} cores; medians`,
  );
  layers.forEach((layer, i) => {
    const perRequest = median(cpu[i]);
    console.log(
      `${layer.title.padEnd(42)} ${perRequest.toFixed(1).padStart(6)} µs CPU/request  ${((100 * bareCpu) / perRequest).toFixed(0).padStart(3)}% of bare`,
    );
  });
} finally {
  for (const { child } of [...layers, product]) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
