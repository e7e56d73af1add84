import {
  type Actor,
  type AuditPageResponse,
  type AuditStateReady,
  type AuditStateResponse,
  auditWorkbenchTexts,
  currentSchemaVersion,
  type DomainEvent,
  personalStreams,
} from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { eventually, withEventStore } from '../support/seed.ts';

const SERVER = '430000000000000001';
const MEMBER = '630000000000000021';
const KEY = `4515${'ab'.repeat(30)}`;
const visitor: Actor = { kind: 'visitor', id: 'visitor' };
const keyBot: Actor = { kind: 'bot', id: 'key-bot' };

describe('the audit trail: sentences and the state as of a position (API)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let token: string;
  const positions: Record<string, number> = {};

  /** Appends as the product's writers do, with who caused it; returns the event's position. */
  const append = (streamId: string, event: DomainEvent, actor: Actor) =>
    withEventStore(product.dataDir, async (store) => {
      const metadata = {
        correlationId: 'seed',
        causationId: 'seed',
        actor,
        schemaVersion: currentSchemaVersion(event.type),
      };
      return (await store.append(streamId, [{ ...event, metadata }], 'any')).position;
    });
  const state = (position: number | string) =>
    api<AuditStateResponse & { error?: string }>(product.url, 'GET', `/api/admin/audit/state/${position}`, { token });
  /** Polls as the audit screen does, noting what the building answers said. */
  const builtState = async (position: number) => {
    const answers: AuditStateResponse[] = [];
    let ready: AuditStateReady | undefined;
    await eventually(
      async () => {
        const response = await state(position);
        expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 202]);
        answers.push(response.body);
        if (response.body.status === 'ready') ready = response.body;
        return ready !== undefined;
      },
      60_000,
      `the state as of ${position}`,
    );
    return { ready: ready!, answers };
  };
  const greeting = (message: string): DomainEvent => ({
    type: 'GreetingConfigured',
    data: {
      guildId: SERVER,
      enabled: true,
      channelId: null,
      delay: 2,
      message,
      configuredAt: new Date().toISOString(),
    },
  });

  before(async () => {
    product = await startAllInOne({ env: { AUDIT_REPLAYS_AT_ONCE: '1' } });
    token = await login(product.url, ADMIN.username, ADMIN.password);
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    positions.reported = await append(
      `guild-${SERVER}`,
      {
        type: 'GuildReported',
        data: {
          guildId: SERVER,
          name: 'Demo Server',
          icon: null,
          memberCount: 7,
          channels: [],
          missingPermissions: [],
          reportedAt: at(0),
        },
      },
      keyBot,
    );
    positions.greeting = await append(`greeting-${SERVER}`, greeting('Welcome, first version'), keyBot);
    positions.generated = await append(
      `key-${KEY}`,
      {
        type: 'KeyGenerated',
        data: {
          keyDigest: KEY,
          guildId: SERVER,
          tier: 'free',
          noAds: false,
          expiresAt: at(86_400_000),
          generatedAt: at(0),
          visitorDigest: null,
          accessHashDigest: 'cd'.repeat(32),
        },
      },
      visitor,
    );
    positions.redeemed = await append(
      `key-${KEY}`,
      { type: 'KeyRedeemed', data: { keyDigest: KEY, guildId: SERVER, discordUserId: MEMBER, redeemedAt: at(1000) } },
      keyBot,
    );
    positions.granted = await append(
      personalStreams.vipRole(SERVER, MEMBER),
      {
        type: 'VipRoleGranted',
        data: { guildId: SERVER, discordUserId: MEMBER, keyDigest: KEY, until: at(3_600_000), grantedAt: at(1000) },
      },
      keyBot,
    );
    positions.regreeted = await append(`greeting-${SERVER}`, greeting('Welcome, second version'), keyBot);
    const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
    const last = await head();
    await eventually(
      async () =>
        (await api<AuditPageResponse>(product.url, 'GET', '/api/admin/audit?limit=1', { token })).body.events[0]
          ?.position === last,
      10_000,
      'the audit trail catching up',
    );
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('each entry says what happened in one line, with the names the read models know, its position, and what it redacted', async () => {
    const page = await api<AuditPageResponse>(product.url, 'GET', '/api/admin/audit?limit=200', { token });
    const byPosition = new Map(page.body.events.map((event) => [event.position, event]));
    expect(byPosition.get(positions.generated)!.sentence).to.match(
      /^a visitor generated a key for Demo Server through a one-time link \(key 4515…, valid until .+ UTC\)$/,
    );
    expect(byPosition.get(positions.granted)!.sentence).to.match(
      // a window that ends on another day names the date too (a test run near midnight UTC)
      /^member 6300…21 redeemed key 4515…, VIP until (\d{1,2} [A-Z][a-z]{2} (\d{4} )?)?\d\d:\d\d UTC on Demo Server$/,
    );
    const signIn = page.body.events.find((event) => event.type === 'SessionStarted')!;
    expect(signIn.sentence).to.equal('admin signed in');
    const registered = page.body.events.find((event) => event.type === 'UserRegistered')!;
    expect(registered.redactedFields).to.deep.equal(['passwordHash']);
    expect(registered.data.passwordHash).to.equal('[redacted]');
  });

  it("builds the server's settings, the key's status and the statistics as they were at a position, with its progress meanwhile", async () => {
    const first = await state(positions.generated);
    expect(first.status).to.equal(202);
    expect(first.body).to.deep.include({ status: 'building', position: positions.generated });
    const { ready } = await builtState(positions.generated);
    expect(ready.position).to.equal(positions.generated);
    const [server] = ready.servers;
    expect(server).to.include({ guildId: SERVER, name: 'Demo Server' });
    expect(server.settings.greeting).to.include({ message: 'Welcome, first version' });
    expect(server.statistics).to.include({ keysGenerated: 1, keysRedeemed: 0 });
    expect(ready.key).to.include({ keyDigest: KEY, status: 'valid' });
    expect(ready.key!.vipRole).to.equal(null);
    expect(ready.statistics).to.include({ keysGenerated: 1, keysRedeemed: 0, serversWithTheBot: 1 });
  });

  it('a later position shows what changed by then, and nothing that came after it', async () => {
    const { ready } = await builtState(positions.granted);
    expect(ready.key).to.include({ status: 'redeemed' });
    expect(ready.key!.vipRole).to.include({ discordUserId: MEMBER, active: true });
    expect(ready.servers[0].settings.greeting).to.include({ message: 'Welcome, first version' });
    expect(ready.statistics).to.include({ keysGenerated: 1, keysRedeemed: 1 });
    const { ready: latest } = await builtState(positions.regreeted);
    expect(latest.servers[0].settings.greeting).to.include({ message: 'Welcome, second version' });
    expect(latest.key).to.equal(null);
  });

  it('keeps a state once built: asking again answers at once', async () => {
    const again = await state(positions.generated);
    expect(again.status).to.equal(200);
    expect(again.body.status).to.equal('ready');
  });

  it('refuses a position without an event (404), a malformed one (400), and a second build at once (429)', async () => {
    const beyond = await state(positions.regreeted + 1000);
    expect(beyond.status).to.equal(404);
    expect(beyond.body.error).to.equal(auditWorkbenchTexts.noEventAt(positions.regreeted + 1000));
    for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(17)]) {
      const response = await state(bad);
      expect(response.status, bad).to.equal(400);
      expect(response.body.error, bad).to.equal(auditWorkbenchTexts.position);
    }
    const started = await state(positions.reported);
    expect(started.status).to.equal(202);
    const second = await state(positions.redeemed);
    expect(second.status).to.equal(429);
    expect(second.body.error).to.equal(auditWorkbenchTexts.tooManyReplays);
    await builtState(positions.reported);
  });
});
