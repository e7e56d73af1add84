import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AuditExportLine, auditWorkbenchTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { api, healthDetails, login, scrapeMetrics } from '../support/http.ts';
import { writeMixedLog } from '../support/mixed-log.ts';
import { eventually, withEventStore } from '../support/seed.ts';

const LOG_EVENTS = 40_000;
const MAX_EVENTS = 39_500;
const SEAL_EVERY = 500;

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditExportLine);

describe('the audit export (API)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let token: string;
  let files: string;
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const exported = (query: string, init: RequestInit = {}) =>
    fetch(`${product.url}/api/admin/audit/export${query}`, { ...init, headers: { authorization: `Bearer ${token}` } });
  const metric = async (name: string) => {
    const text = await (await scrapeMetrics(product.url)).text();
    const line = text.split('\n').find((row) => row.startsWith(`${name}{`) || row.startsWith(`${name} `));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  /** `npm run audit -- verify --file` on what an export answered. */
  const verifyOffline = async (body: string) => {
    const file = path.join(files, `export-${Date.now()}-${Math.random().toString(36).slice(2)}.ndjson`);
    fs.writeFileSync(file, body);
    return runCli('projections/src/cli/audit.ts', ['verify', '--file', file], {});
  };

  before(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-data-'));
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-exports-'));
    await withEventStore(dataDir, (store) => writeMixedLog(store, { events: LOG_EVENTS }));
    product = await startAllInOne({
      dataDir,
      env: {
        AUDIT_SEAL_EVERY: String(SEAL_EVERY),
        AUDIT_EXPORT_MAX_EVENTS: String(MAX_EVENTS),
        AUDIT_EXPORTS_AT_ONCE: '1',
      },
    });
    token = await login(product.url, ADMIN.username, ADMIN.password);
    // the sealer follows the log beside the projections: wait until it has sealed most of it
    await eventually(
      async () => {
        const seals = await api(product.url, 'GET', '/api/admin/audit?type=LogSealed&limit=1', { token });
        return seals.body.events[0]?.data.upToPosition >= LOG_EVENTS;
      },
      60_000,
      'the log sealed',
    );
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('streams a range as NDJSON: its events with position, sentence, data and metadata, the seals of its span, and it verifies offline', async () => {
    const response = await exported('?from=1000&to=3000');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    expect(response.headers.get('content-disposition')).to.equal('attachment; filename="audit-1000-3000.ndjson"');
    const body = await response.text();
    const lines = linesOf(body);

    const range = lines[0];
    expect(range.kind).to.equal('range');
    if (range.kind !== 'range') return;
    expect(range).to.include({ from: 1000, to: 3000, server: null });
    expect(range.anchor!.seal.upToPosition)
      .to.be.below(1000)
      .and.at.least(1000 - SEAL_EVERY - 10);
    // the seals to check against: every one whose span ends in the file's, the last reaching `to`
    expect(range.seals.length).to.be.at.least(4);
    expect(range.seals.at(-1)!.seal.upToPosition).to.be.at.least(3000);
    expect(range.seals[0].seal.previousHash).to.equal(range.anchor!.seal.hash);
    const end = lines.at(-1)!;
    expect(end).to.include({ kind: 'end', lines: lines.length - 2, sealed: true });

    const middle = lines.slice(1, -1) as Array<Exclude<AuditExportLine, { kind: 'range' | 'end' }>>;
    const positions = middle.map((line) => line.position);
    expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
    // the whole span, from the anchor to the seal covering `to`
    expect(positions[0]).to.equal(range.anchor!.seal.upToPosition + 1);
    expect(positions.at(-1)).to.equal(range.seals.at(-1)!.seal.upToPosition);
    const events = middle.filter((line) => line.kind === 'event');
    expect(events.map((line) => line.position)).to.deep.equal(
      middle.filter((l) => l.position >= 1000 && l.position <= 3000 && l.kind !== 'seal').map((l) => l.position),
    );
    expect(events.length).to.be.above(1900);
    for (const line of events) {
      expect(line.sentence)
        .to.be.a('string')
        .and.not.match(/does not know|does not match/);
      expect(line).to.have.keys(
        'kind',
        'position',
        'id',
        'streamId',
        'revision',
        'type',
        'recordedAt',
        'time',
        'sentence',
        'data',
        'metadata',
      );
      expect(line.metadata).to.have.property('correlationId');
    }
    expect(
      middle.filter((line) => line.kind === 'digest').every((line) => line.position < 1000 || line.position > 3000),
    ).to.equal(true);

    const checked = await verifyOffline(body);
    expect(checked.stdout).to.include('RESULT: every seal matches.');
    expect(checked.code, checked.stdout + checked.stderr).to.equal(0);
  });

  it('never ships an argon2 hash: the chain hashed a password hash as its digest, and the file carries that', async () => {
    const body = await (await exported('?from=1&to=6000&type=UserRegistered,PasswordChanged')).text();
    expect(body).to.not.include('$argon2');
    const users = linesOf(body).filter((line) => line.kind === 'event');
    expect(users.length).to.be.above(3);
    for (const line of users) {
      expect(line.data.passwordHash).to.match(/^sha256:[0-9a-f]{64}$/);
    }
    const checked = await verifyOffline(body);
    expect(checked.code, checked.stdout).to.equal(0);
  });

  it('filtered by server and type: the other events travel as digests only, and the range still verifies offline', async () => {
    const keys = await api(product.url, 'GET', '/api/admin/audit?type=KeyGenerated&limit=1', { token });
    const server: string = keys.body.events[0].guildIds[0];
    const body = await (await exported(`?from=1&to=20000&server=${server}&type=KeyGenerated,KeyRedeemed`)).text();
    const lines = linesOf(body);
    const events = lines.filter((line) => line.kind === 'event');
    expect(events.length).to.be.above(0);
    for (const line of events) {
      expect(['KeyGenerated', 'KeyRedeemed']).to.include(line.type);
      expect(line.data.guildId).to.equal(server);
    }
    expect(lines.filter((line) => line.kind === 'digest').length).to.be.above(15_000);
    const checked = await verifyOffline(body);
    expect(checked.code, checked.stdout).to.equal(0);
  });

  it('a file edited after the export fails offline, naming the range of the seal that no longer matches', async () => {
    const body = await (await exported('?from=5000&to=5600')).text();
    const lines = linesOf(body);
    const target = lines.find((line) => line.kind === 'event' && line.position === 5300);
    if (target?.kind !== 'event') throw new Error('no event at 5300');
    (target.metadata as { actor: { id: string } }).actor.id = 'someone-else';
    const checked = await verifyOffline(lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(checked.stdout).to.match(/TAMPERED: positions [\d,]+–[\d,]+ do not match the seal at position/);
    const [, from, to] = /TAMPERED: positions ([\d,]+)–([\d,]+)/.exec(checked.stdout)!;
    expect(Number(from.replaceAll(',', ''))).to.be.at.most(5300);
    expect(Number(to.replaceAll(',', ''))).to.be.at.least(5300);
    expect(checked.code).to.equal(1);
  });

  it('takes times as bounds too, the way the audit screen filters', async () => {
    const signIn = (await api(product.url, 'GET', '/api/admin/audit?type=SessionStarted&limit=1', { token })).body
      .events[0];
    const lines = linesOf(await (await exported(`?from=${signIn.time}&to=${signIn.time}&type=SessionStarted`)).text());
    const range = lines[0];
    if (range.kind !== 'range') throw new Error('no range line');
    expect(range.from).to.be.at.most(signIn.position);
    expect(range.to).to.be.at.least(signIn.position);
    const events = lines.filter((line) => line.kind === 'event');
    expect(events.map((line) => [line.position, line.sentence])).to.deep.include([signIn.position, 'admin signed in']);
  });

  it('refuses a range it cannot serve with a 400 that says why', async () => {
    const last = (await head()) ?? 0;
    const refusals: Array<[string, string]> = [
      ['?from=20&to=10', auditWorkbenchTexts.fromAfterTo],
      [`?from=1&to=${last + 5}`, auditWorkbenchTexts.beyondHead('to', last)],
      [`?from=${last + 1}`, auditWorkbenchTexts.beyondHead('from', last)],
      [`?from=1&to=${last}`, auditWorkbenchTexts.tooLong(MAX_EVENTS)],
      ['?from=abc', auditWorkbenchTexts.bound('from')],
      ['?from=0', auditWorkbenchTexts.bound('from')],
      ['?server=12', auditWorkbenchTexts.server],
      ['?type=Nope', auditWorkbenchTexts.unknownType(['Nope'])],
      ['?from=1&from=2', auditWorkbenchTexts.givenTwice('from')],
      ['?user=a%20b', auditWorkbenchTexts.user],
      ['?limit=5', auditWorkbenchTexts.unknownParameter(['limit'], ['from', 'to', 'server', 'user', 'type'])],
    ];
    for (const [query, text] of refusals) {
      const response = await api(product.url, 'GET', `/api/admin/audit/export${query}`, { token });
      expect(response.status, query).to.equal(400);
      expect(response.body.error, query).to.equal(text);
    }
  });

  it('answers 429 beyond AUDIT_EXPORTS_AT_ONCE, and a client that aborts stops the reading of the log at once', async () => {
    const readBefore = await metric('vip_audit_export_events_read_total');
    const abort = new AbortController();
    const response = await exported('?from=1&to=39000', { signal: abort.signal });
    expect(response.status).to.equal(200);
    const reader = response.body!.getReader();
    await reader.read();
    // the client reads no more: backpressure holds the export where it is
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await metric('vip_audit_exports_running')).to.equal(1);

    const second = await api(product.url, 'GET', '/api/admin/audit/export?from=1&to=10', { token });
    expect(second.status).to.equal(429);
    expect(second.body.error).to.equal(auditWorkbenchTexts.tooManyExports);
    expect(second.headers.get('retry-after')).to.equal('10');

    abort.abort();
    await eventually(async () => (await metric('vip_audit_exports_running')) === 0, 5000, 'the export ending');
    const readWhenStopped = (await metric('vip_audit_export_events_read_total')) - readBefore;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await metric('vip_audit_export_events_read_total')) - readBefore).to.equal(readWhenStopped);
    // it stopped where the client left it, far from the range's end
    expect(readWhenStopped).to.be.below(39_000);
    const third = await api(product.url, 'GET', '/api/admin/audit/export?from=1&to=10', { token });
    expect(third.status).to.equal(200);
  });
});
