// What the HTTP benchmarks share: starting a server in its own process and knowing its URL,
// and reporting the demo guild so GET /api/server/{id} and generateKey have a server to use.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const GUILD = '100000000000000001';
export const BOT_TOKEN = 'bench-bot-token';
/** The line `npm start` prints once it serves. */
export const PRODUCT_READY = /open (http:\/\/127\.0\.0\.1:\d+)\/login/;
/** The line bare-koa.ts and query-app-variant.ts print once they serve. */
export const LISTENING = /listening (http:\/\/127\.0\.0\.1:\d+)/;

export interface BenchServer {
  child: ChildProcess;
  url: string;
}

/** Runs `node --import tsx …args` from the repository root; resolves with the URL `ready` captures. */
export function startServer(args: string[], env: Record<string, string>, ready: RegExp): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Reports the demo guild to the product as the key bot would, and waits until it is served. */
export async function seedGuild(productUrl: string): Promise<void> {
  const report = await fetch(`${productUrl}/api/bot/guilds/${GUILD}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BOT_TOKEN}` },
    body: JSON.stringify({
      name: 'Demo Server',
      icon: null,
      memberCount: 1234,
      channels: [{ id: '100000000000000002', name: 'general' }],
      missingPermissions: [],
    }),
  });
  if (!report.ok) throw new Error(`seeding the guild failed: ${report.status}`);
  for (let i = 0; i < 50 && (await fetch(`${productUrl}/api/server/${GUILD}`)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 100));
}
