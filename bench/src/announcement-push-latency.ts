// Delay from an acknowledged POST /api/announcements to its ws push, on the all-in-one
// product over real HTTP and a real socket. Run: npx tsx bench/src/announcement-push-latency.ts [count]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vip/platform';
import WebSocket from 'ws';
import { startAllInOne } from '../../src/all-in-one.ts';

const count = Number(process.argv[2] ?? 300);
const dataDir = mkdtempSync(join(tmpdir(), 'vip-bench-push-'));
const product = await startAllInOne({
  ...loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'bench-password-1',
    LOG_LEVEL: 'warn',
  }),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
try {
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const socket = new WebSocket(`${product.url.replace('http', 'ws')}/ws`);
  const pushedAt = new Map<string, number>();
  await new Promise<void>((resolve) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === 'ready') resolve();
      if (message.type === 'announcement') pushedAt.set(message.data.id, performance.now());
    });
  });

  const sendToPush: number[] = [];
  const ackToPush: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    const response = await fetch(`${product.url}/api/announcements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: `Bench ${i}`, content: 'latency' }),
    });
    const acked = performance.now();
    const { id } = (await response.json()) as { id: string };
    while (!pushedAt.has(id)) await new Promise((resolve) => setTimeout(resolve, 1));
    const pushed = pushedAt.get(id)!;
    sendToPush.push(pushed - sent);
    // the POST waits for the read model, so the push may even arrive before the answer
    ackToPush.push(Math.max(0, pushed - acked));
  }
  socket.close();
  for (const [name, values] of [
    ['POST sent → push', sendToPush],
    ['POST acknowledged → push', ackToPush],
  ] as const) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (n=${count})`,
    );
  }
} finally {
  await product.close();
  rmSync(dataDir, { recursive: true, force: true });
}
