import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { personalStreams, systemActor } from '@vip/contracts';
import { PersonalDataEventStore, SqlitePersonalKeys } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { writeMixedLog } from '../../../test/support/mixed-log.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run audit -- <args>` on a data directory. */
function audit(dataDir: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli/audit.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', MONGODB_URL: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', () => undefined);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const GUILD = '900000000000000007';
const metadata = { correlationId: 'c', causationId: 'c', actor: { kind: 'bot' as const, id: 'key-bot' } };

/** Every file of a folder, as one text of its bytes. */
const bytesOf = (dir: string, except: RegExp) =>
  fs
    .readdirSync(dir)
    .filter((name) => !except.test(name))
    .map((name) => fs.readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');

describe('npm run audit -- rewrite-personal-data', function () {
  this.timeout(120_000);
  let root: string;
  after(() => root && fs.rmSync(root, { recursive: true, force: true }));

  it('rewrites an old DATA_DIR into a new one that verifies, says so, and still reads what was already encrypted', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewrite-cli-'));
    const [oldDir, newDir] = [path.join(root, 'old'), path.join(root, 'new')];
    fs.mkdirSync(oldDir, { mode: 0o700 });
    fs.writeFileSync(path.join(oldDir, 'jwt-secret'), 'a-secret-of-the-deployment-0123456789abcdef', { mode: 0o600 });
    // a log begun before the encryption, continued after it: a member's stream begun in clear
    // gets an encrypted event, and a member seen only since is in a pseudonymous stream
    const raw = new SqliteEventStore(path.join(oldDir, 'events.sqlite'));
    await writeMixedLog(raw, { events: 1_500 });
    const [granted] = (await raw.readAll()).filter((event) => event.type === 'VipRoleGranted');
    const { guildId, discordUserId } = granted.data as { guildId: string; discordUserId: string };
    const product = new PersonalDataEventStore(raw, new SqlitePersonalKeys(path.join(oldDir, 'personal-keys.sqlite')));
    const removed = { guildId, discordUserId, removedAt: '2026-03-01T00:00:00.000Z' };
    await product.append(
      personalStreams.vipRole(guildId, discordUserId),
      [{ type: 'VipRoleRemoved', data: removed, metadata }],
      'any',
    );
    const newcomer = '800000000000009999';
    const newcomerEnded = {
      guildId: GUILD,
      discordUserId: newcomer,
      reason: 'erasure',
      endedAt: '2026-03-01T00:00:00.000Z',
    };
    await product.append(
      personalStreams.vipRole(GUILD, newcomer),
      [{ type: 'VipWindowEnded', data: newcomerEnded, metadata: { ...metadata, actor: systemActor } }],
      'no_stream',
    );
    await product.close();
    fs.writeFileSync(path.join(oldDir, 'snapshots.sqlite'), `a snapshot that names ${discordUserId}`);

    const rewrite = await audit(oldDir, 'rewrite-personal-data', '--to-data-dir', newDir);
    expect(rewrite.code, rewrite.out).to.equal(0);
    expect(rewrite.out).to.include('copied into');
    expect(rewrite.out).to.match(
      /Rewritten: 1,50\d events copied, [\d,]+ personal fields encrypted, [\d,]+ streams renamed/,
    );
    expect(rewrite.out).to.include(`DATA_DIR=${newDir} npm run audit -- verify`);
    expect(fs.readdirSync(newDir).sort()).to.deep.equal(['events.sqlite', 'jwt-secret', 'personal-keys.sqlite']);
    expect(fs.statSync(newDir).mode & 0o777).to.equal(0o700);

    const verify = await audit(newDir, 'verify');
    expect(verify.code, verify.out).to.equal(0);
    expect(verify.out).to.match(
      /REWRITTEN: this log was rewritten on \S+ to encrypt personal data, from a log that had no seal/,
    );
    expect(verify.out).to.include('RESULT: every seal matches.');

    // no member's id in the new folder's bytes but in its key store; the old folder is as it was
    expect(bytesOf(newDir, /^personal-keys\.sqlite/).match(/800\d{15}/g)).to.equal(null);
    expect(bytesOf(oldDir, /^personal-keys\.sqlite/)).to.include(discordUserId);

    // the member's stream, begun in clear and continued encrypted, is one stream, read in clear by the product
    const reader = new PersonalDataEventStore(
      new SqliteEventStore(path.join(newDir, 'events.sqlite')),
      new SqlitePersonalKeys(path.join(newDir, 'personal-keys.sqlite')),
    );
    try {
      const window = await reader.readStream(personalStreams.vipRole(guildId, discordUserId));
      expect(window.map((event) => event.type).slice(-1)).to.deep.equal(['VipRoleRemoved']);
      expect(window.at(-1)?.data).to.deep.equal(removed);
      expect(
        window.every((event) => (event.data as { discordUserId: string }).discordUserId === discordUserId),
      ).to.equal(true);
      expect(
        (await reader.readStream(personalStreams.vipRole(GUILD, newcomer))).map((event) => event.data),
      ).to.deep.equal([newcomerEnded]);
    } finally {
      await reader.close();
    }

    // a second run on the rewritten log changes nothing and says why
    const again = await audit(newDir, 'rewrite-personal-data', '--to-data-dir', path.join(root, 'again'));
    expect(again.code).to.equal(0);
    expect(again.out).to.match(
      /^This log was already rewritten on \S+: its personal data is encrypted; nothing to do\.\n$/,
    );
    expect(fs.existsSync(path.join(root, 'again'))).to.equal(false);
  });

  it('says there is nothing to rewrite in a log written encrypted from its start, and leaves no new folder', async () => {
    const [dataDir, newDir] = [path.join(root, 'fresh'), path.join(root, 'fresh-rewritten')];
    fs.mkdirSync(dataDir, { mode: 0o700 });
    const product = new PersonalDataEventStore(
      new SqliteEventStore(path.join(dataDir, 'events.sqlite')),
      new SqlitePersonalKeys(path.join(dataDir, 'personal-keys.sqlite')),
    );
    const ended = {
      guildId: GUILD,
      discordUserId: '800000000000000001',
      reason: 'erasure',
      endedAt: '2026-03-01T00:00:00.000Z',
    };
    await product.append(
      personalStreams.vipRole(GUILD, ended.discordUserId),
      [{ type: 'VipWindowEnded', data: ended, metadata }],
      'no_stream',
    );
    await product.close();

    const rewrite = await audit(dataDir, 'rewrite-personal-data', '--to-data-dir', newDir);
    expect(rewrite.code, rewrite.out).to.equal(0);
    expect(rewrite.out).to.include(
      'This log holds no personal data in clear (no field, no stream name): nothing to rewrite. Nothing was written.',
    );
    expect(fs.existsSync(newDir)).to.equal(false);
  });
});
