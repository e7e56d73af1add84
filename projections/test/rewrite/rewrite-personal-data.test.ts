import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  erasedPerson,
  type LogSealed,
  personalFields,
  personalStreams,
  personOf,
  sealStreamId,
  streamNamedInClear,
  systemActor,
} from '@vip/contracts';
import { PersonalDataEventStore, SqlitePersonalKeys } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { pino } from 'pino';
import { writeMixedLog } from '../../../test/support/mixed-log.ts';
import { allProjectors } from '../../src/read-models/index.ts';
import { rebuildReadModels } from '../../src/rebuild.ts';
import { RewriteRefused, rewritePersonalData } from '../../src/rewrite/rewrite-personal-data.ts';
import { describeSummary, exitCodeOf } from '../../src/seals/report.ts';
import { LogSealer } from '../../src/seals/sealer.ts';
import { verifyLog } from '../../src/seals/verify-log.ts';
import { compareReadModels } from '../../src/verify.ts';

/**
 * The mixed log's Discord members: snowflakes of 800 and 15 digits (servers are 900…, channels
 * 700…, roles 600…); its panel users' names (`admin3`, `sub12`) as data or a stream's name holds them.
 */
const MEMBER_ID = /800\d{15}|"(?:admin|sub)\d+"|username-(?:admin|sub)\d+/g;

/** The members' ids found in the raw bytes of a directory's files, file by file. */
function memberIdsIn(dir: string, except: (file: string) => boolean): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(dir)) {
    if (except(name)) continue;
    const ids = fs.readFileSync(path.join(dir, name)).toString('latin1').match(MEMBER_ID);
    if (ids) found.set(name, new Set(ids));
  }
  return found;
}

const silent = pino({ level: 'silent' });
const ANNOUNCEMENTS = 5;

/** A log as written before the encryption: the mixed log (ids in clear), sealed, and a few events after its last seal. */
async function oldLog(file: string): Promise<{ events: number; seals: number }> {
  const log = new SqliteEventStore(file);
  try {
    const { events } = await writeMixedLog(log, { events: 3_000 });
    const sealer = new LogSealer(log, { every: 1_000, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.sealNow();
    await sealer.stop();
    const metadata = { correlationId: 'c', causationId: 'c', actor: systemActor };
    for (let i = 0; i < ANNOUNCEMENTS; i++)
      await log.append(
        `announcement-late-${i}`,
        [
          {
            type: 'AnnouncementDeleted',
            data: { announcementId: `late-${i}`, deletedAt: new Date(0).toISOString() },
            metadata,
          },
        ],
        'no_stream',
      );
    return { events, seals: (await log.readStream(sealStreamId)).length };
  } finally {
    await log.close();
  }
}

describe('rewriting a log written before personal data was encrypted', function () {
  this.timeout(120_000);
  let root: string;
  let oldDir: string;
  let newDir: string;
  let written: { events: number; seals: number };

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewrite-'));
    oldDir = path.join(root, 'old');
    newDir = path.join(root, 'new');
    fs.mkdirSync(oldDir);
    fs.mkdirSync(newDir);
    written = await oldLog(path.join(oldDir, 'events.sqlite'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const open = () => ({
    old: new SqliteEventStore(path.join(oldDir, 'events.sqlite')),
    log: new SqliteEventStore(path.join(newDir, 'events.sqlite')),
    keys: new SqlitePersonalKeys(path.join(newDir, 'personal-keys.sqlite')),
  });

  it('encrypts every personal field, renames every person’s stream, keeps the rest and seals it again from the old head', async () => {
    expect(memberIdsIn(oldDir, () => false).get('events.sqlite')?.size).to.be.above(100);
    const { old, log, keys } = open();
    const [oldSeal] = (await old.readStream(sealStreamId, { backwards: true, maxCount: 1 })).map((event) => ({
      position: event.position,
      seal: event.data as LogSealed,
    }));
    const shares: number[] = [];
    const record = await rewritePersonalData(old, log, keys, {
      sealEvery: 1_000,
      pageSize: 500,
      now: () => new Date('2026-11-28T08:00:00.000Z'),
      onProgress: (pass, share) => pass === 'copy' && shares.push(share),
    });
    expect(record).to.include({
      hash: oldSeal.seal.hash,
      sealPosition: oldSeal.position,
      upToPosition: oldSeal.seal.upToPosition,
      count: oldSeal.seal.count,
      headPosition: written.events + written.seals + ANNOUNCEMENTS,
      unsealedEvents: ANNOUNCEMENTS,
      rewrittenAt: '2026-11-28T08:00:00.000Z',
      events: written.events + ANNOUNCEMENTS,
      sealsLeftOut: written.seals,
    });
    expect(record.fieldsEncrypted).to.be.above(500);
    expect(record.streamsRenamed).to.be.above(100);
    // page by page: a line per page of 500, the last at the end of the log
    expect(shares.length).to.be.at.least(6);
    expect(shares.at(-1)).to.equal(1);

    // the same facts, in the same order, read through the product's codec
    const product = new PersonalDataEventStore(log, keys);
    let oldEvents = (await old.readAll()).filter((event) => event.streamId !== sealStreamId);
    const newEvents = (await product.readAll()).filter((event) => event.streamId !== sealStreamId);
    expect(newEvents.length).to.equal(oldEvents.length);
    let renamed = 0;
    for (let i = 0; i < oldEvents.length; i++) {
      const [before, now] = [oldEvents[i], newEvents[i]];
      expect({ ...now, streamId: null, position: null }).to.deep.equal({ ...before, streamId: null, position: null });
      const named = streamNamedInClear(before.streamId);
      if (!named) expect(now.streamId).to.equal(before.streamId);
      else {
        const entry = await keys.find(personOf(named.kind, named.id));
        expect(now.streamId).to.equal(named.renamed(entry!.pseudonym));
        renamed++;
      }
    }
    expect(renamed).to.be.above(100);

    // the read models the product builds from either log are the same
    const [fromOld, fromNew] = [new SqliteReadStore(':memory:'), new SqliteReadStore(':memory:')];
    const projectors = allProjectors.filter((projector) => !projector.name.startsWith('audit'));
    await rebuildReadModels(old, fromOld, projectors);
    await rebuildReadModels(product, fromNew, projectors);
    expect(await compareReadModels(fromOld, fromNew, projectors)).to.deep.equal([]);
    await Promise.all([fromOld.close(), fromNew.close()]);
    expect(record.erasedPersons).to.equal(0);

    // the new log verifies, and says it was rewritten from the old chain's head
    const summary = await verifyLog(log);
    expect(summary.findings).to.deep.equal([]);
    expect(exitCodeOf(summary)).to.equal(0);
    expect(summary.rewrittenFrom).to.deep.equal(record);
    const report = describeSummary(summary).join('\n');
    expect(report).to.include(`rewritten on 2026-11-28T08:00:00.000Z to encrypt personal data`);
    expect(report).to.include(`chain's head was hash ${oldSeal.seal.hash}`);
    expect(report).to.include(`${record.fieldsEncrypted.toLocaleString('en')} personal fields encrypted`);
    expect(report).to.include('RESULT: every seal matches.');

    // the product's sealer goes on with the new chain: what comes next is sealed on it
    const metadata = { correlationId: 'c', causationId: 'c', actor: systemActor };
    const next = { announcementId: 'after', deletedAt: new Date(0).toISOString() };
    await product.append('announcement-after', [{ type: 'AnnouncementDeleted', data: next, metadata }], 'no_stream');
    const sealer = new LogSealer(log, { every: 1_000, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.sealNow();
    await sealer.stop();
    const continued = await verifyLog(log);
    expect(continued.findings).to.deep.equal([]);
    expect(continued.seals).to.equal(summary.seals + 1);
    expect(continued.lastSeal.upToPosition).to.equal((await log.headPosition())! - 1);

    // an erasure after the rewrite reaches the history: the member reads "erased person"
    oldEvents = oldEvents.filter((event) => event.type === 'KeyRedeemed');
    const member = (oldEvents[0].data as { discordUserId: string }).discordUserId;
    expect(await keys.forget(personOf('discord', member))).to.equal(true);
    const erasedReads = (await product.readAll()).filter(
      (event) =>
        oldEvents.some((redeemed) => redeemed.id === event.id) &&
        (event.data as { discordUserId: string }).discordUserId === erasedPerson,
    );
    expect(erasedReads.length).to.equal(
      oldEvents.filter((event) => (event.data as { discordUserId: string }).discordUserId === member).length,
    );
    await Promise.all([old.close(), product.close()]);

    // no byte of a member's id is left in the new DATA_DIR but in its key store
    const found = memberIdsIn(newDir, (file) => file.startsWith('personal-keys.sqlite'));
    expect([...found].map(([file, ids]) => `${file}: ${[...ids].slice(0, 3).join(', ')}`)).to.deep.equal([]);
  });

  it('refuses a second run on a rewritten log, and leaves the new log alone', async () => {
    const again = path.join(root, 'again');
    fs.mkdirSync(again);
    const rewritten = new SqliteEventStore(path.join(newDir, 'events.sqlite'));
    const target = new SqliteEventStore(path.join(again, 'events.sqlite'));
    const keys = new SqlitePersonalKeys(path.join(newDir, 'personal-keys.sqlite'));
    try {
      const head = await rewritten.headPosition();
      const error = await rewritePersonalData(rewritten, target, keys, { sealEvery: 1_000 }).catch((e) => e);
      expect(error).to.be.instanceOf(RewriteRefused);
      expect(error.message).to.equal(
        'This log was already rewritten on 2026-11-28T08:00:00.000Z: its personal data is encrypted; nothing to do.',
      );
      expect(await target.headPosition()).to.equal(null);
      expect(await rewritten.headPosition()).to.equal(head);
    } finally {
      await Promise.all([rewritten.close(), target.close(), keys.close()]);
    }
  });

  it('keeps a member erased before the rewrite unreadable, and one who came back since reads only what came after', async () => {
    const dir = path.join(root, 'erased');
    fs.mkdirSync(dir);
    const raw = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    await writeMixedLog(raw, { events: 600, seed: 7 });
    const grants = (await raw.readAll()).filter((event) => event.type === 'VipRoleGranted');
    const members = [...new Set(grants.map((event) => (event.data as { discordUserId: string }).discordUserId))];
    const [gone, back] = members;
    const guildOf = (member: string) =>
      (
        grants.find((event) => (event.data as { discordUserId: string }).discordUserId === member)!.data as {
          guildId: string;
        }
      ).guildId;
    const oldKeys = new SqlitePersonalKeys(path.join(dir, 'personal-keys.sqlite'));
    const product = new PersonalDataEventStore(raw, oldKeys);
    const bot = { correlationId: 'c', causationId: 'c', actor: { kind: 'bot' as const, id: 'key-bot' } };
    // the erasure ends each one's window where it was begun, in clear, then destroys the key
    for (const member of [gone, back]) {
      const ended = {
        guildId: guildOf(member),
        discordUserId: member,
        reason: 'erasure',
        endedAt: '2026-03-01T00:00:00.000Z',
      };
      await product.append(
        personalStreams.vipRole(guildOf(member), member),
        [{ type: 'VipWindowEnded', data: ended, metadata: bot }],
        'any',
      );
      expect(await oldKeys.forget(personOf('discord', member))).to.equal(true);
    }
    // a panel user deleted their account (before usernames were encrypted: their name is in clear)
    const [registered] = (await raw.readAll()).filter((event) => event.type === 'UserRegistered');
    const { userId, username } = registered.data as { userId: string; username: string };
    const deletion = { userId, by: 'self', stripeSubscriptionCancelled: null, deletedAt: '2026-03-01T00:00:00.000Z' };
    await raw.append(`user-${userId}`, [{ type: 'UserDeleted', data: deletion, metadata: bot }], 'any');
    // one of them redeems a key again later: a new person, whose window goes on in the same stream
    const again = {
      guildId: guildOf(back),
      discordUserId: back,
      keyDigest: 'k',
      until: '2026-04-01T00:00:00.000Z',
      grantedAt: '2026-03-02T00:00:00.000Z',
    };
    await product.append(
      personalStreams.vipRole(guildOf(back), back),
      [{ type: 'VipRoleGranted', data: again, metadata: bot }],
      'any',
    );
    await product.close();

    const target = new SqliteEventStore(':memory:');
    const copied = path.join(dir, 'keys-copy.sqlite');
    fs.copyFileSync(path.join(dir, 'personal-keys.sqlite'), copied);
    const keys = new SqlitePersonalKeys(copied);
    const old = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const record = await rewritePersonalData(old, target, keys, { sealEvery: 1_000 });
    // the two members, the deleted account and its username's reservation
    expect(record.erasedPersons).to.equal(4);
    expect(describeSummary(await verifyLog(target)).join('\n')).to.include(
      '4 persons erased before the rewrite kept unreadable',
    );
    const reader = new PersonalDataEventStore(target, keys);
    const texts = (await reader.readAll()).map((event) => JSON.stringify(event));
    expect(texts.filter((text) => text.includes(gone))).to.deep.equal([]);
    // the deleted account's name is nowhere to be read, and free for a new account
    expect(texts.filter((text) => text.includes(`"${username}"`) || text.includes(`-${username}"`))).to.deep.equal([]);
    expect(await reader.readStream(personalStreams.username(username))).to.deep.equal([]);
    expect(await keys.find(personOf('username', username))).to.equal(null);
    // the member who came back: their window of today is theirs, their history before is nobody's
    const window = await reader.readStream(personalStreams.vipRole(guildOf(back), back));
    expect(window.at(-1)?.data).to.deep.equal(again);
    expect(window.slice(0, -1).map((event) => (event.data as { discordUserId: string }).discordUserId)).to.satisfy(
      (ids: string[]) => ids.length >= 2 && ids.every((id) => id === erasedPerson),
    );
    expect(texts.filter((text) => text.includes(back))).to.have.length(1);
    await Promise.all([old.close(), reader.close()]);
  });

  it('tells a reservation named in clear from one whose pseudonym looks like a name, by its first event', async () => {
    const old = new SqliteEventStore(':memory:');
    const metadata = { correlationId: 'c', causationId: 'c', actor: systemActor };
    // 16 lowercase letters: a name as a reservation in clear held it, or a pseudonym the store gave
    const [clear, pseudonymous] = ['paulapanelpaulaa', 'qzvtrwxyabcdkmnp'];
    await old.append(
      `username-${clear}`,
      [{ type: 'UsernameReserved', data: { username: clear, userId: 'u-1' }, metadata }],
      'no_stream',
    );
    const sealed = `pd1:${pseudonymous}:AAAA`;
    await old.append(
      `username-${pseudonymous}`,
      [{ type: 'UsernameReserved', data: { username: sealed, userId: 'u-2' }, metadata }],
      'no_stream',
    );
    // later events of both, read in pages of one: their first event is read to decide
    for (const name of [clear, pseudonymous])
      await old.append(
        `username-${name}`,
        [{ type: 'AnnouncementDeleted', data: { announcementId: name, deletedAt: '' }, metadata }],
        0,
      );
    const target = new SqliteEventStore(':memory:');
    const keys = new SqlitePersonalKeys(':memory:');
    try {
      const record = await rewritePersonalData(old, target, keys, { sealEvery: 1_000, pageSize: 1 });
      expect(record.streamsRenamed).to.equal(1);
      const entry = await keys.find(personOf('username', clear));
      const streams = (await target.readAll())
        .filter((event) => event.streamId !== sealStreamId)
        .map((event) => [event.streamId, event.revision]);
      expect(streams).to.deep.equal([
        [`username-${entry!.pseudonym}`, 0],
        [`username-${pseudonymous}`, 0],
        [`username-${entry!.pseudonym}`, 1],
        [`username-${pseudonymous}`, 1],
      ]);
      expect(await keys.find(personOf('username', pseudonymous))).to.equal(null);
    } finally {
      await Promise.all([old.close(), target.close(), keys.close()]);
    }
  });

  it('refuses an old log that does not match its seals, naming the range', async () => {
    const copy = path.join(root, 'tampered');
    fs.mkdirSync(copy);
    fs.copyFileSync(path.join(oldDir, 'events.sqlite'), path.join(copy, 'events.sqlite'));
    const db = new Database(path.join(copy, 'events.sqlite'));
    db.prepare(
      "UPDATE events SET data = replace(data, 'redeemedAt', 'redeemedAT') WHERE position = (SELECT MIN(position) FROM events WHERE type = 'KeyRedeemed')",
    ).run();
    db.close();
    const old = new SqliteEventStore(path.join(copy, 'events.sqlite'));
    const target = new SqliteEventStore(':memory:');
    const keys = new SqlitePersonalKeys(':memory:');
    try {
      const error = await rewritePersonalData(old, target, keys, { sealEvery: 1_000 }).catch((e) => e);
      expect(error).to.be.instanceOf(RewriteRefused);
      expect(error.message).to.match(/^The old log does not match its seals \(TAMPERED: positions 1–1,000 /);
    } finally {
      await Promise.all([old.close(), target.close(), keys.close()]);
    }
  });

  it('reads the persons and their streams from the tables, so a new kind or stream is rewritten too', () => {
    // every listed field's event type and every person's stream is covered by what the rewrite derives
    expect(Object.keys(personalFields).length).to.be.above(20);
    expect(streamNamedInClear('vip-900000000000000001-800000000000000002')?.renamed('P')).to.equal(
      'vip-900000000000000001-P',
    );
    expect(streamNamedInClear('whitelist-900000000000000001-800000000000000002')?.id).to.equal('800000000000000002');
    expect(streamNamedInClear('discord-account-800000000000000002')?.renamed('P')).to.equal('discord-account-P');
    // a name the store gave (a pseudonym) and a stream of nobody are not renamed
    expect(streamNamedInClear('vip-900000000000000001-Zx-9_aBcDeFgHiJk')).to.equal(null);
    expect(streamNamedInClear('key-800000000000000002')).to.equal(null);
  });
});
