import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type AuditExportLine,
  type AuditPageResponse,
  auditWorkbenchTexts,
  currentSchemaVersion,
  type DomainEvent,
} from '@vip/contracts';
import {
  Authenticator,
  Keyring,
  loadConfig,
  Metrics,
  Readiness,
  SessionTokens,
  VersionedReadStore,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, LogSealer, ProjectionRunner } from '@vip/projections';
import { createQueryApp } from '@vip/query-service';
import { expect } from 'chai';
import { pino } from 'pino';
import { LogOwnPositions } from '../../platform/test/log-own-positions.ts';
import { stateAsOf } from '../../projections/src/as-of/state-as-of.ts';
import { api } from '../support/http.ts';
import { writeMixedLog } from '../support/mixed-log.ts';

const silent = pino({ level: 'silent' });
const SECRET = 'a-secret-for-this-test-only';
const metadata = (type: DomainEvent['type']) => ({
  correlationId: 'seed',
  causationId: 'seed',
  actor: { kind: 'system' as const, id: 'seed' },
  schemaVersion: currentSchemaVersion(type),
});
const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditExportLine);

/**
 * The audit export and "state as of here" on a log whose positions are sparse, as EventStoreDB's
 * byte offsets are (LogOwnPositions): every position they pass to the log must be one it gave.
 */
describe("the audit export and the state as of a position use the log's own positions (API)", function () {
  this.timeout(120_000);
  let dataDir: string;
  let raw: SqliteEventStore;
  let log: LogOwnPositions;
  let readStore: VersionedReadStore;
  let runner: ProjectionRunner;
  let server: http.Server;
  let url: string;
  let token: string;
  let positions: number[];
  let times: string[];

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-positions-'));
    raw = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    await writeMixedLog(raw, { events: 2_000 });
    const at = new Date().toISOString();
    const registered: DomainEvent = {
      type: 'UserRegistered',
      data: {
        userId: 'auditor',
        username: 'auditor',
        passwordHash: 'h',
        isAdmin: true,
        registeredAt: at,
        avatar: null,
      },
    };
    const started: DomainEvent = {
      type: 'SessionStarted',
      data: { sessionId: 's-auditor', userId: 'auditor', startedAt: at, expiresAt: at },
    };
    await raw.append('user-auditor', [{ ...registered, metadata: metadata(registered.type) }], 'no_stream');
    await raw.append('session-s-auditor', [{ ...started, metadata: metadata(started.type) }], 'no_stream');
    log = new LogOwnPositions(raw);

    readStore = new VersionedReadStore(new SqliteReadStore(path.join(dataDir, 'read-models.sqlite')));
    runner = new ProjectionRunner(log, readStore, allProjectors, silent);
    await runner.start();
    const sealer = new LogSealer(log, { every: 300, minutes: 60, logger: silent, pollMs: 10 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.stop();
    await runner.whenCaughtUp();

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUDIT_EXPORT_MAX_EVENTS: '1000' });
    const tokens = new SessionTokens(SECRET, 24);
    const app = createQueryApp({
      config,
      logger: silent,
      eventStore: log,
      readStore,
      keyring: new Keyring(SECRET),
      authenticator: new Authenticator(tokens, readStore),
      metrics: new Metrics('query-service'),
      readiness: new Readiness(),
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    token = (await tokens.issue('auditor', 's-auditor', new Date())).token;
    const page = await api<AuditPageResponse>(url, 'GET', '/api/admin/audit?limit=200', { token });
    expect(page.status, JSON.stringify(page.body)).to.equal(200);
    positions = page.body.events.map((event) => event.position).reverse();
    times = page.body.events.map((event) => event.time).reverse();
  });
  after(async () => {
    server?.close();
    await runner?.stop();
    await readStore?.close();
    await raw?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => expect(log.refused, 'positions the log never gave').to.deep.equal([]));

  it('exports a range between two positions of the log, its seals around it, and no position made up', async () => {
    const [from, to] = [positions[10], positions[60]];
    const response = await fetch(`${url}/api/admin/audit/export?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).to.equal(200);
    const lines = linesOf(await response.text());
    const events = lines.filter((line) => line.kind === 'event');
    expect(events[0]).to.include({ position: from });
    expect(events.at(-1)).to.include({ position: to });
    expect(lines[0]).to.include({ kind: 'range', from, to });
    expect(lines.at(-1)).to.include({ kind: 'end' });
  });

  it('counts a range from the event before it (the audit index), never from `from − 1`', async () => {
    const head = (await log.headPosition())!;
    const [first] = await log.readAll({ maxCount: 1 });
    const tooLong = await api(url, 'GET', `/api/admin/audit/export?from=${first.position}&to=${head}`, { token });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error).to.equal(auditWorkbenchTexts.tooLong(1000));
    // a time bound resolves to an event's position through the audit index
    const byTime = await fetch(`${url}/api/admin/audit/export?from=${encodeURIComponent(times[150])}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byTime.status, await byTime.clone().text()).to.equal(200);
    await byTime.text();
  });

  it('a state as of a number that starts no event is a 404, asked of the audit index, not of the log', async () => {
    const response = await api(url, 'GET', `/api/admin/audit/state/${positions[5] - 1}`, { token });
    expect(response.status).to.equal(404);
    expect(response.body.error).to.equal(auditWorkbenchTexts.noEventAt(positions[5] - 1));
  });

  it('replays the state as of an event read through the positions the log gave', async () => {
    const scratch = new SqliteReadStore(':memory:');
    const state = await stateAsOf(log, scratch, positions[100]);
    await scratch.close();
    expect(state).to.include({ status: 'ready', position: positions[100] });
  });
});
