import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erasedPerson, personalStreams, systemActor } from '@vip/contracts';
import { expect } from 'chai';
import { firstValueFrom } from 'rxjs';
import type { NewEvent } from '../src/event-store/event-store.ts';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store.ts';
import { PersonalDataEventStore } from '../src/privacy/personal-data-event-store.ts';
import { SqlitePersonalKeys } from '../src/privacy/sqlite-personal-keys.ts';

const metadata = { correlationId: 'c', causationId: 'c', actor: systemActor, schemaVersion: 1 };
const GUILD = '700000000000000001';
const MEMBER = '812345678901234567';
const granted = (discordUserId = MEMBER): NewEvent => ({
  type: 'VipRoleGranted',
  data: {
    guildId: GUILD,
    discordUserId,
    keyDigest: 'k'.repeat(64),
    until: '2030-01-01T00:00:00.000Z',
    grantedAt: '2029-12-31T23:00:00.000Z',
  },
  metadata,
});

describe('personal data in the log (crypto-shredding at the event store)', () => {
  let dir: string;
  let log: SqliteEventStore;
  let keys: SqlitePersonalKeys;
  let store: PersonalDataEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vip-personal-data-'));
    log = new SqliteEventStore(join(dir, 'events.sqlite'));
    keys = new SqlitePersonalKeys(join(dir, 'personal-keys.sqlite'));
    store = new PersonalDataEventStore(log, keys);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a member only as ciphertext under a pseudonymous stream, and reads them back plain', async () => {
    const event = granted();
    await store.append(personalStreams.vipRole(GUILD, MEMBER), [event], 'no_stream');
    // the caller's event is left as it was
    expect((event.data as { discordUserId: string }).discordUserId).to.equal(MEMBER);

    const [stored] = await log.readAllStored();
    expect(`${stored.streamId}${stored.data}${stored.metadata}`).to.not.include(MEMBER);
    const pseudonym = (await keys.find(`discord:${MEMBER}`))!.pseudonym;
    expect(stored.streamId).to.equal(`vip-${GUILD}-${pseudonym}`);

    const [read] = await store.readStream(personalStreams.vipRole(GUILD, MEMBER));
    expect(read.data).to.deep.include({ discordUserId: MEMBER, guildId: GUILD });
    expect((await store.readAll())[0].data).to.deep.include({ discordUserId: MEMBER });
    const batch = await firstValueFrom(store.subscribeToAll());
    batch.ack();
    expect(batch.events[0].data).to.deep.include({ discordUserId: MEMBER });
  });

  it('reads "erased person" once the key is destroyed, and leaves the stored bytes (the seals cover them) as they were', async () => {
    await store.append(personalStreams.vipRole(GUILD, MEMBER), [granted()], 'no_stream');
    await store.append(
      personalStreams.vipRole(GUILD, '899999999999999999'),
      [granted('899999999999999999')],
      'no_stream',
    );
    const before = await log.readAllStored();

    expect(await keys.forget(`discord:${MEMBER}`)).to.equal(true);
    expect(await log.readAllStored()).to.deep.equal(before);
    const [erased, other] = await store.readAll();
    expect(erased.data).to.deep.include({ discordUserId: erasedPerson, guildId: GUILD });
    expect(other.data).to.deep.include({ discordUserId: '899999999999999999' });
    // the member's stream is no longer theirs: a return starts afresh
    expect(await store.readStream(personalStreams.vipRole(GUILD, MEMBER))).to.deep.equal([]);
    expect((await store.readEventsAt([erased.position]))[0].data).to.deep.include({ discordUserId: erasedPerson });
  });

  it('reads and continues a stream written in clear before the codec, encrypting what it adds', async () => {
    await log.append(`vip-${GUILD}-${MEMBER}`, [granted()], 'no_stream');
    const events = await store.readStream(personalStreams.vipRole(GUILD, MEMBER));
    expect(events.map((event) => event.revision)).to.deep.equal([0]);
    await store.append(personalStreams.vipRole(GUILD, MEMBER), [granted()], 0);
    const stored = await log.readAllStored();
    expect(stored.map((event) => event.streamId)).to.deep.equal([`vip-${GUILD}-${MEMBER}`, `vip-${GUILD}-${MEMBER}`]);
    expect(stored[1].data).to.not.include(MEMBER);
    expect((await store.readStream(personalStreams.vipRole(GUILD, MEMBER))).map((event) => event.data)).to.deep.equal([
      granted().data,
      granted().data,
    ]);
  });

  it('encrypts a name with the key of the account it belongs to', async () => {
    await store.append(
      personalStreams.discordAccount(MEMBER),
      [
        {
          type: 'DiscordAccountLinked',
          data: {
            userId: 'u1',
            discordUserId: MEMBER,
            username: 'wanda.the.member',
            avatar: 'abc123avatar',
            via: 'oauth',
            linkedAt: '2030-01-01T00:00:00.000Z',
          },
          metadata,
        },
      ],
      'no_stream',
    );
    const [stored] = await log.readAllStored();
    expect(stored.data).to.not.include('wanda.the.member').and.not.include('abc123avatar');
    await keys.forget(`discord:${MEMBER}`);
    expect((await store.readAll())[0].data).to.deep.include({
      username: erasedPerson,
      avatar: erasedPerson,
      userId: 'u1',
    });
  });

  it("keeps a panel user's username only under their key, and their reservation found by the name but named by a pseudonym", async () => {
    const userId = 'user-id-7f3a';
    const register = (name: string, id: string): NewEvent[] => [
      { type: 'UsernameReserved', data: { username: name, userId: id }, metadata },
    ];
    await store.append(personalStreams.username('Paula.Panel'), register('Paula.Panel', userId), 'no_stream');
    await store.append(
      `user-${userId}`,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            username: 'Paula.Panel',
            passwordHash: '$argon2id$hash',
            isAdmin: false,
            registeredAt: '2030-01-01T00:00:00.000Z',
            avatar: 'https://example.com/paula.png',
          },
          metadata,
        },
      ],
      'no_stream',
    );
    const stored = await log.readAllStored();
    for (const event of stored)
      expect(`${event.streamId}${event.data}`.toLowerCase()).to.not.include('paula').and.not.include('example.com');
    const pseudonym = (await keys.find('username:paula.panel'))!.pseudonym;
    expect(stored[0].streamId).to.equal(`username-${pseudonym}`);
    // any case of the name finds the same reservation
    const [reserved] = await store.readStream(personalStreams.username('PAULA.panel'));
    expect(reserved.data).to.deep.equal({ username: 'Paula.Panel', userId });

    // the account's deletion: its keys go, the name reads erased and is free for a new account
    await keys.forget('username:paula.panel');
    await keys.forget(`user:${userId}`);
    expect(await store.readStream(personalStreams.username('paula.panel'))).to.deep.equal([]);
    expect((await store.readStream(`user-${userId}`))[0].data).to.deep.include({
      username: erasedPerson,
      avatar: erasedPerson,
      userId,
    });
    await store.append(personalStreams.username('paula.panel'), register('paula.panel', 'another-id'), 'no_stream');
    const [again] = await store.readStream(personalStreams.username('Paula.Panel'));
    expect(again.data).to.deep.equal({ username: 'paula.panel', userId: 'another-id' });
  });

  it('reads a username reservation written in clear before the codec', async () => {
    await log.append(
      'username-oldtimer',
      [{ type: 'UsernameReserved', data: { username: 'OldTimer', userId: 'u0' }, metadata }],
      'no_stream',
    );
    const [reserved] = await store.readStream(personalStreams.username('OLDTIMER'));
    expect(reserved.data).to.deep.equal({ username: 'OldTimer', userId: 'u0' });
  });
});
