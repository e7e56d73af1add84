import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type CommandDeps, createCommandApp, resolveCommandDeps } from '@vip/command-service';
import type { GuildSnapshot, VisitCountResponse } from '@vip/contracts';
import { personalStreams } from '@vip/contracts';
import { closeContainer, createContainer, loadConfig, type NewEvent } from '@vip/platform';
import { allProjectors, ProjectionRunner } from '@vip/projections';
import { expect } from 'chai';
import type { Container } from 'inversify';
import { BOT_TOKEN, removeDataDir } from '../support/all-in-one.ts';
import { type CountedReads, countingReads } from '../support/counting-event-store.ts';
import { api } from '../support/http.ts';

/** "A small constant number of events" (issue #18): a snapshot's covered event, the 20 a snapshot may lag, one decision's own. */
const FEW = 25;
const [OLD_SERVER, NEW_SERVER, REDEEM_SERVER] = ['610000000000000001', '610000000000000002', '610000000000000003'];
const MEMBER = '620000000000000001';
const channels = [{ id: '630000000000000001', name: 'general' }];
const snapshotOf = (memberCount: number, extra: Partial<GuildSnapshot> = {}): GuildSnapshot => ({
  name: 'Busy server',
  icon: null,
  memberCount,
  channels,
  missingPermissions: [],
  ...extra,
});

/**
 * What a user waits for depends on the live state, never on the length of the log (issue #18
 * item 1): the write side over real HTTP, its event store counting every event it reads.
 */
describe('decisions read bounded streams (API, reads counted through the event store port)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let container: Container;
  let deps: CommandDeps;
  let runner: ProjectionRunner;
  let server: http.Server;
  let url: string;
  let reads: CountedReads;

  /** The events one request read from the log. */
  const readBy = async <T>(request: () => Promise<T>): Promise<{ answer: T; events: number }> => {
    reads.reset();
    const answer = await request();
    return { answer, events: reads.events() };
  };
  const report = (guildId: string, snapshot: GuildSnapshot) =>
    api(url, 'POST', `/api/bot/guilds/${guildId}`, { token: BOT_TOKEN, body: snapshot });
  const generateKey = async (guildId: string): Promise<string> => {
    const response = await api(url, 'POST', '/api/keys/generateKey', { body: { guildId } });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.key;
  };
  const redeem = (guildId: string, key: string) =>
    api(url, 'POST', '/api/bot/keys/redeem', { token: BOT_TOKEN, body: { guildId, discordUserId: MEMBER, key } });
  const append = (streamId: string, events: NewEvent[]) => deps.eventStore.append(streamId, events, 'any');
  const metadata = { correlationId: 'old-log', causationId: 'old-log', actor: { kind: 'bot', id: 'key-bot' } as const };

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-bounded-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      BOT_API_TOKEN: BOT_TOKEN,
      RATE_LIMIT_KEYS_PER_MINUTE: '1000000',
      RATE_LIMIT_HASHES_PER_MINUTE: '1000000',
    });
    container = await createContainer(config, 'all-in-one');
    deps = await resolveCommandDeps(container);

    // a year-old log of an older version: a report (count inside, v1) at every member-count change
    await append(
      `guild-${OLD_SERVER}`,
      Array.from({ length: 10_000 }, (_, i) => ({
        type: 'GuildReported',
        data: {
          guildId: OLD_SERVER,
          ...snapshotOf(1000 + i),
          reportedAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        },
        metadata,
      })),
    );

    runner = new ProjectionRunner(deps.eventStore, deps.readStore, allProjectors, deps.logger);
    await runner.start();
    reads = countingReads(deps.eventStore);
    server = http.createServer(createCommandApp({ ...deps, eventStore: reads.store }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server?.close();
    await runner?.stop();
    if (container) await closeContainer(container);
    removeDataDir(dataDir);
  });

  it('after 10,000 member-count reports written the old way, a key and a report each read a few events', async () => {
    // the first decision after the upgrade folds the old stream once, and keeps a snapshot of it
    const first = await readBy(() => report(OLD_SERVER, snapshotOf(20_000)));
    expect(first.answer.status).to.equal(200);
    expect(first.events).to.be.at.least(10_000);

    const key = await readBy(() => generateKey(OLD_SERVER));
    expect(key.events).to.be.at.most(FEW);
    // counts 500 apart (over 1 % of each): every one is recorded
    for (let i = 1; i <= 50; i++) {
      const next = await readBy(() => report(OLD_SERVER, snapshotOf(20_000 + 500 * i)));
      expect(next.answer.body).to.deep.equal({ success: true, changed: true });
      expect(next.events, `report ${i}`).to.be.at.most(FEW);
    }
    // a change of the facts themselves is one more event on the server's stream, read as briefly
    const renamed = await readBy(() => report(OLD_SERVER, snapshotOf(20_000 + 500 * 50, { name: 'Renamed' })));
    expect(renamed.events).to.be.at.most(FEW);
    expect((await readBy(() => generateKey(OLD_SERVER))).events).to.be.at.most(FEW);

    // the counts went to their own stream: the server's stream grew by the rename only
    expect(await deps.eventStore.readStream(`guild-${OLD_SERVER}`)).to.have.length(10_001);
    expect(await deps.eventStore.readStream(`guild-members-${OLD_SERVER}`)).to.have.length(51);
  });

  it('after 10,000 member-count reports today, a key and a report each read a few events from the start', async () => {
    expect((await report(NEW_SERVER, snapshotOf(1))).status).to.equal(200);
    // what 10,000 reports of a changed count leave in the log
    await append(
      `guild-members-${NEW_SERVER}`,
      Array.from({ length: 10_000 }, (_, i) => ({
        type: 'GuildMemberCountReported',
        data: { guildId: NEW_SERVER, memberCount: 2 + i, reportedAt: new Date().toISOString() },
        metadata: { ...metadata, schemaVersion: 1 },
      })),
    );
    expect((await readBy(() => generateKey(NEW_SERVER))).events).to.be.at.most(FEW);
    const unchanged = await readBy(() => report(NEW_SERVER, snapshotOf(10_001)));
    expect(unchanged.answer.body).to.deep.equal({ success: true, changed: false });
    expect(unchanged.events).to.be.at.most(FEW);
    const near = await readBy(() => report(NEW_SERVER, snapshotOf(10_002)));
    expect(near.answer.body, 'within 1 % of the last count').to.deep.equal({ success: true, changed: false });
    expect(near.events).to.be.at.most(FEW);
    const changed = await readBy(() => report(NEW_SERVER, snapshotOf(10_200)));
    expect(changed.answer.body).to.deep.equal({ success: true, changed: true });
    expect(changed.events).to.be.at.most(FEW);
    // the count stream is read from its end, one event
    expect(reads.calls().filter((call) => call.streamId === `guild-members-${NEW_SERVER}`)).to.deep.equal([
      { streamId: `guild-members-${NEW_SERVER}`, options: { backwards: true, maxCount: 1 }, events: 1 },
    ]);
  });

  it('a member’s 1,000th redemption reads a few events, as the first did', async () => {
    expect((await report(REDEEM_SERVER, snapshotOf(5))).status).to.equal(200);
    let most = 0;
    for (let n = 1; n <= 1000; n++) {
      const key = await generateKey(REDEEM_SERVER);
      const redeemed = await readBy(() => redeem(REDEEM_SERVER, key));
      expect(redeemed.answer.status, JSON.stringify(redeemed.answer.body)).to.equal(200);
      most = Math.max(most, redeemed.events);
      if (n === 1000) expect(redeemed.events, 'the 1,000th').to.be.at.most(FEW);
    }
    expect(most).to.be.at.most(FEW);
    expect(await deps.eventStore.readStream(personalStreams.vipRole(REDEEM_SERVER, MEMBER))).to.have.length(1000);
  });

  it('an address’s 3,000th visit reads a few events, and still counts every visit', async () => {
    let answer: VisitCountResponse | undefined;
    let most = 0;
    for (let n = 1; n <= 3000; n++) {
      const visit = await readBy(() =>
        api<VisitCountResponse>(url, 'POST', '/api/trackIpVisit', {
          body: { serverId: REDEEM_SERVER, pageLoadId: `page-load-${n}` },
        }),
      );
      expect(visit.answer.status).to.equal(200);
      answer = visit.answer.body;
      most = Math.max(most, visit.events);
    }
    expect(most).to.be.at.most(FEW);
    expect(answer).to.deep.equal({ visitCount: 3000 });
  });
});
