import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect } from 'chai';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADDRESS = /VIP access: open (http:\/\/127\.0\.0\.1:\d+)\/login/;
// colours and the terminal's carriage returns
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '');

/**
 * `npm start` on a fresh DATA_DIR (the product minus the frontend build), until it printed its
 * address; in a terminal when `terminal` is set (util-linux `script` gives it a pseudo-TTY).
 */
async function firstStart(terminal: boolean): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-first-run-'));
  const command = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  delete env.ADMIN_PASSWORD;
  const child = terminal
    ? spawn('script', ['-qfec', command.join(' '), '/dev/null'], { cwd: ROOT, env, detached: true })
    : spawn(command[0], command.slice(1), { cwd: ROOT, env, detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 30_000;
    while (!ADDRESS.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no address printed:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // anything printed right after
    return plain(output);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the first run in a terminal', function () {
  this.timeout(60_000);

  it('prints readable log lines, then the generated password and the address together', async function () {
    if (spawnSync('script', ['--version'], { stdio: 'ignore' }).status !== 0) {
      console.log('      util-linux `script` is not installed: no pseudo-terminal to run `npm start` in, skipped');
      this.skip();
    }
    const lines = (await firstStart(true)).split('\n').filter((line) => line.trim() !== '');
    const passwordAt = lines.findIndex((line) => line.includes('First start: created admin "admin" with password:'));
    expect(passwordAt, lines.join('\n')).to.be.at.least(0);
    const password = /with password: (\S+)/.exec(lines[passwordAt])![1];

    // the password box and the address close the start, nothing between them
    expect(lines[passwordAt + 1]).to.equal('  It is shown only this once. Sign in and keep it somewhere safe.');
    expect(lines[passwordAt + 2]).to.match(ADDRESS);
    // every other line before them is a readable log line, not JSON, the sealer's thread's too
    const logs = lines.slice(0, passwordAt);
    expect(logs.length).to.be.greaterThan(0);
    for (const line of logs) expect(line).to.match(/^\[\d\d:\d\d:\d\d\] (INFO|WARN|ERROR) \((all-in-one|sealer)\): \S/);
    expect(logs.join('\n')).to.contain('VIP access is running');
    expect(logs.join('\n')).to.not.contain(password);
  });

  it('writes JSON lines when the output is not a terminal, as a log collector expects', async () => {
    const lines = (await firstStart(false)).split('\n').filter((line) => line.trim() !== '');
    const ours = lines.filter((line) => !line.startsWith('  '));
    expect(ours.length).to.be.greaterThan(0);
    for (const line of ours) expect(() => JSON.parse(line), line).to.not.throw();
    expect(lines.some((line) => ADDRESS.test(line))).to.equal(true);
  });
});
