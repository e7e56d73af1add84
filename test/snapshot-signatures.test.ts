import path from 'node:path';
import type { DomainEvent } from '@vip/contracts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api } from './support/http.ts';
import { appendEvents } from './support/seed.ts';

const GUILD = '310000000000000001';
const SNAPSHOT = `stream:guild-${GUILD}`;

/** More reports than a read folds before it keeps a snapshot of the stream. */
const reports: DomainEvent[] = Array.from({ length: 30 }, (_, i) => ({
  type: 'GuildReported',
  data: {
    guildId: GUILD,
    name: `Demo ${i}`,
    icon: null,
    channels: [],
    missingPermissions: [],
    reportedAt: new Date().toISOString(),
  },
}));

const verify = (dataDir: string) => runCli('projections/src/cli/audit.ts', ['verify'], { DATA_DIR: dataDir });

/**
 * Issue #26 item 7 as it was found: a server's stream snapshot edited in DATA_DIR while the
 * product was stopped (the head it covers kept, the bot made absent). `npm run audit --
 * verify` reports it, and the product started again ignores it: a key is generated, not
 * "Bot not in server".
 */
describe('snapshots are signed: an edited one is reported by verify and never used (issue #26 item 7)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct | undefined;
  let dataDir: string | undefined;
  after(async () => {
    await product?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  const generateKey = async () => {
    const answer = await api(product!.url, 'POST', '/api/keys/generateKey', { body: { guildId: GUILD } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.key).to.be.a('string');
  };

  it('verify names the edited snapshot and fails; the product ignores it, logs it, and answers right', async () => {
    product = await startAllInOne();
    dataDir = product.dataDir;
    await appendEvents(dataDir, `guild-${GUILD}`, reports);
    // the decision folds the server's stream and keeps a snapshot of its head
    await generateKey();
    await product.stop();

    const untouched = await verify(dataDir);
    expect(untouched.stdout).to.include('RESULT: every signed snapshot matches its signature.');
    expect(untouched.stdout).not.to.include('SNAPSHOT:');
    expect(untouched.code, untouched.stdout + untouched.stderr).to.equal(0);

    const db = new Database(path.join(dataDir, 'snapshots.sqlite'));
    const edited = db
      .prepare(`UPDATE snapshots SET state = json_set(state, '$.state.botPresent', json('false')) WHERE key = ?`)
      .run(SNAPSHOT);
    db.close();
    expect(edited.changes, 'the server stream’s snapshot').to.equal(1);

    const tampered = await verify(dataDir);
    expect(tampered.stdout).to.match(new RegExp(`TAMPERED SNAPSHOT: ${SNAPSHOT} \\(covers 29\\) does not match`));
    expect(tampered.stdout).to.include('RESULT: 1 snapshot(s) do not match their signature.');
    // the log itself is untouched
    expect(tampered.stdout).to.include('RESULT: every seal matches.');
    expect(tampered.code, tampered.stdout).to.equal(1);

    product = await startAllInOne({ dataDir });
    await generateKey();
    const warned = product
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":40') && line.includes(SNAPSHOT));
    expect(warned, product.output()).to.have.length(1);
    expect(warned[0]).to.include('signature does not match');
    await product.stop();

    // the stream was folded from its start, and its snapshot written again, signed
    const after = await verify(dataDir);
    expect(after.stdout).to.include('RESULT: every signed snapshot matches its signature.');
    expect(after.code, after.stdout).to.equal(0);
  });
});
