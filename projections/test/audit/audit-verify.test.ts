import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealStreamId, systemActor } from '@vip/contracts';
import { readSeals, type StoredSeal } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { pino } from 'pino';
import { LogSealer } from '../../src/seals/sealer.ts';
import { announcement, metadata } from '../support/sealed-events.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run audit -- verify` on a data directory. */
function verify(dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli/audit.ts', 'verify'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', () => undefined);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** Appends, then seals everything with a sealer that seals every 10 events. */
async function sealedLog(file: string, from: number, count: number): Promise<void> {
  const events = new SqliteEventStore(file);
  for (let i = from; i < from + count; i++)
    await events.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
  const sealer = new LogSealer(events, { every: 10, minutes: 60, logger: pino({ level: 'silent' }) });
  await sealer.start();
  await sealer.whenCaughtUp();
  await sealer.sealNow();
  await sealer.stop();
  await events.close();
}

const n = (value: number) => value.toLocaleString('en');

describe('npm run audit -- verify: the log against its seals', function () {
  this.timeout(60_000);
  let original: string;
  let seals: StoredSeal[];
  let dirs: string[] = [];
  const copy = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-audit-'));
    fs.copyFileSync(path.join(original, 'events.sqlite'), path.join(dir, 'events.sqlite'));
    dirs.push(dir);
    return dir;
  };
  const edit = (dir: string, sql: string) => {
    const db = new Database(path.join(dir, 'events.sqlite'));
    db.exec(sql);
    db.close();
  };
  /** The span of the seal that covers a position: the range the command must name. */
  const spanOf = (position: number) => {
    const index = seals.findIndex((stored) => stored.seal.upToPosition >= position);
    const from = index === 0 ? 1 : seals[index - 1].seal.upToPosition + 1;
    return { from, to: seals[index].seal.upToPosition, sealPosition: seals[index].position };
  };

  before(async () => {
    original = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-audit-original-'));
    await sealedLog(path.join(original, 'events.sqlite'), 0, 45);
    const events = new SqliteEventStore(path.join(original, 'events.sqlite'));
    seals = await readSeals(events);
    await events.close();
    expect(seals.length).to.be.at.least(4);
  });
  afterEach(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });
  after(() => fs.rmSync(original, { recursive: true, force: true }));

  it('an untouched log: every seal matches, exit 0', async () => {
    const { code, out } = await verify(copy());
    expect(out).to.include('RESULT: every seal matches.');
    expect(code, out).to.equal(0);
  });

  it("one event's data edited in the log file: names the seal's range, exit 1", async () => {
    const dir = copy();
    edit(dir, `UPDATE events SET data = json_set(data, '$.title', 'forged') WHERE position = 25`);
    const { code, out } = await verify(dir);
    const span = spanOf(25);
    expect(out).to.include(
      `TAMPERED: positions ${n(span.from)}–${n(span.to)} do not match the seal at position ${n(span.sealPosition)} (the same number of events, so one was edited or two were reordered)`,
    );
    expect(out.match(/TAMPERED/g)).to.have.length(1);
    expect(code, out).to.equal(1);
  });

  it('an event deleted: names the range and counts one event fewer, exit 1', async () => {
    const dir = copy();
    edit(dir, 'DELETE FROM events WHERE position = 7');
    const { code, out } = await verify(dir);
    const span = spanOf(7);
    expect(out).to.include(`TAMPERED: positions ${n(span.from)}–${n(span.to)}`);
    expect(out).to.include('1 event(s) fewer than sealed: deleted');
    expect(out.match(/TAMPERED/g)).to.have.length(1);
    expect(code, out).to.equal(1);
  });

  it('two events reordered: names the range, exit 1', async () => {
    const dir = copy();
    edit(
      dir,
      `UPDATE events SET position = -1 WHERE position = 33;
       UPDATE events SET position = 33 WHERE position = 34;
       UPDATE events SET position = 34 WHERE position = -1;`,
    );
    const { code, out } = await verify(dir);
    const span = spanOf(33);
    expect(spanOf(34)).to.deep.equal(span);
    expect(out).to.include(`TAMPERED: positions ${n(span.from)}–${n(span.to)}`);
    expect(out.match(/TAMPERED/g)).to.have.length(1);
    expect(code, out).to.equal(1);
  });

  it('a seal deleted from the seals stream: the next seal names the range back to the seal before, exit 1', async () => {
    const dir = copy();
    edit(dir, `DELETE FROM events WHERE position = ${seals[1].position}`);
    const { code, out } = await verify(dir);
    expect(out).to.include(
      `TAMPERED: positions ${n(seals[0].seal.upToPosition + 1)}–${n(seals[2].seal.upToPosition)} do not match the seal at position ${n(seals[2].position)} (the seal of revision 1 is missing from the seals stream: deleted)`,
    );
    expect(code, out).to.equal(1);
  });

  it('a seal of another chain (a restored backup): reported as such, the events after it are not blamed, exit 2', async () => {
    const dir = copy();
    // another copy of the log that lived on: its chain went elsewhere
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-audit-other-'));
    dirs.push(other);
    await sealedLog(path.join(other, 'events.sqlite'), 1000, 30);
    const otherEvents = new SqliteEventStore(path.join(other, 'events.sqlite'));
    const foreign = (await readSeals(otherEvents)).at(-1)!;
    await otherEvents.close();

    const events = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    for (let i = 100; i < 105; i++)
      await events.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
    const head = (await events.headPosition())!;
    const last = seals.at(-1)!;
    // that copy's seal, put back into this log with the backup: it continues a hash this log never had
    await events.append(
      sealStreamId,
      [
        {
          type: 'LogSealed',
          data: { ...foreign.seal, upToPosition: head, count: head },
          metadata: { correlationId: 'restore', causationId: 'restore', actor: systemActor, schemaVersion: 1 },
        },
      ],
      last.revision,
    );
    await events.close();
    // the product goes on: the sealer continues from the last seal, the foreign one
    await sealedLog(path.join(dir, 'events.sqlite'), 200, 25);

    const { code, out } = await verify(dir);
    expect(out).to.include(`ANOTHER CHAIN: the seal at position ${n(head + 1)} (up to ${n(head)})`);
    expect(out).to.include(
      `positions ${n(last.seal.upToPosition + 1)}–${n(head)} before it are covered by no seal of this chain`,
    );
    expect(out).to.not.include('TAMPERED');
    expect(out).to.include('RESULT: no tampering found, but the chain was continued from a seal of another chain.');
    expect(code, out).to.equal(2);
  });
});
