import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AnnouncementView } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not up within 30 s:\n${output()}`);
}

/**
 * The distributed shape without Docker: each service as its own process with its own entry
 * point, sharing one data dir (the embedded stores work across processes).
 */
describe('command-service, query-service and projections as separate processes', function () {
  this.timeout(60_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-split-'));
  const children: ChildProcess[] = [];
  const urls: Record<string, string> = {};

  before(async () => {
    for (const service of ['projections', 'command-service', 'query-service']) {
      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', `${service}/src/main.ts`], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      children.push(child);
      urls[service] = `http://127.0.0.1:${port}`;
      await waitUntilUp(`${urls[service]}/api/health`, child, () => output);
    }
  });
  after(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a command on one, its read on another, its push from the third', async () => {
    // the admin is bootstrapped by command-service and projected by the projections process
    let token = '';
    for (let i = 0; i < 50 && !token; i++) {
      token = await login(urls['command-service'], ADMIN.username, ADMIN.password).catch(() => '');
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(token).to.not.equal('');
    const live = await LiveClient.connect(urls.projections, { type: 'auth', token });
    await live.waitFor((message) => message.type === 'ready');

    const created = await api<AnnouncementView>(urls['command-service'], 'POST', '/api/announcements', {
      token,
      body: { title: 'Split', content: 'three processes' },
    });
    expect(created.status).to.equal(201);
    await live.waitFor((message) => message.type === 'announcement' && message.data.id === created.body.id);
    const listed = await api<AnnouncementView[]>(urls['query-service'], 'GET', '/api/announcements', { token });
    expect(listed.body.map((a) => a.id)).to.include(created.body.id);
    live.close();
  });
});
