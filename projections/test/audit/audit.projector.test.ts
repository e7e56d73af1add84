import { type AuditDocument, auditReadModels, type DomainEvent, erasedPerson } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import type { ProjectedEvent } from '../../src/projector.ts';
import { auditProjector } from '../../src/read-models/audit/audit.projector.ts';
import { usersProjector } from '../../src/read-models/auth/users.projector.ts';
import { projectEvents } from '../support/projection-spec.ts';

const KEY = 'a'.repeat(64);
const at = new Date('2026-11-22T12:00:00.000Z');
const stamp = (
  event: DomainEvent,
  position: number,
  actor: ProjectedEvent['metadata']['actor'],
  schemaVersion?: number,
): ProjectedEvent =>
  ({
    ...event,
    streamId: `s-${position}`,
    position,
    createdAt: at,
    metadata: {
      correlationId: `c-${position}`,
      causationId: `c-${position}`,
      actor,
      ...(schemaVersion ? { schemaVersion } : {}),
    },
  }) as ProjectedEvent;

describe('audit projection', () => {
  const events = [
    stamp(
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          username: 'ann',
          passwordHash: '$argon2id$secret',
          isAdmin: true,
          registeredAt: at.toISOString(),
          avatar: null,
        },
      },
      1,
      { kind: 'system', id: 'user-cli' },
      2,
    ),
    stamp(
      {
        type: 'WhitelistEntryAdded',
        data: {
          userId: '111111111111111111',
          guildId: '222222222222222222',
          duration: 'monthly',
          expiresAt: null,
          addedAt: at.toISOString(),
        },
      },
      2,
      { kind: 'admin', id: 'u1' },
      1,
    ),
    stamp(
      {
        type: 'KeyGenerated',
        data: {
          keyDigest: KEY,
          guildId: '222222222222222222',
          tier: 'free',
          noAds: false,
          expiresAt: at.toISOString(),
          generatedAt: at.toISOString(),
          visitorDigest: 'b'.repeat(64),
          accessHashDigest: null,
        },
      },
      3,
      { kind: 'visitor', id: 'anonymous' },
    ),
    stamp(
      {
        type: 'SubscriberServerChanged',
        data: {
          userId: 'u1',
          oldGuildId: '222222222222222222',
          newGuildId: '333333333333333333',
          changedAt: at.toISOString(),
        },
      },
      4,
      { kind: 'user', id: 'u1' },
      1,
    ),
  ];
  const project = (store: SqliteReadStore, stamped: ProjectedEvent[] = events) =>
    projectEvents(store, [usersProjector, auditProjector], stamped);
  const auditOf = (store: SqliteReadStore) =>
    store.collection<AuditDocument>(auditReadModels.audit).find({}, { sort: { position: 1 } });

  it('keeps one small document per event with what audits filter on, and none of its data', async () => {
    const store = new SqliteReadStore(':memory:');
    await project(store);
    const docs = await auditOf(store);
    expect(docs.map((doc) => doc.type)).to.deep.equal([
      'UserRegistered',
      'WhitelistEntryAdded',
      'KeyGenerated',
      'SubscriberServerChanged',
    ]);
    const [registered, whitelisted, generated, moved] = docs;
    expect(registered).to.deep.equal({
      _id: '000000000000001',
      position: 1,
      type: 'UserRegistered',
      time: at.toISOString(),
      guildIds: [],
      userIds: ['u1', 'user-cli'],
    });
    // the event's data and who caused it stay in the log: no password hash, no digest is copied here
    expect(JSON.stringify(docs)).to.not.contain('$argon2id$secret').and.not.contain('b'.repeat(64));
    expect(whitelisted.userIds).to.deep.equal(['111111111111111111', 'u1']);
    expect(whitelisted.guildIds).to.deep.equal(['222222222222222222']);
    expect(generated.keyDigests).to.deep.equal([KEY]);
    expect(moved.guildIds).to.deep.equal(['222222222222222222', '333333333333333333']);
  });

  it("records on each VIP role removal the keys whose windows it closed: a key's life is one query", async () => {
    const guildId = '222222222222222222';
    const grant = (discordUserId: string, keyDigest: string): DomainEvent => ({
      type: 'VipRoleGranted',
      data: { guildId, discordUserId, keyDigest, until: at.toISOString(), grantedAt: at.toISOString() },
    });
    const removal = (discordUserId: string): DomainEvent => ({
      type: 'VipRoleRemoved',
      data: { guildId, discordUserId, removedAt: at.toISOString() },
    });
    const [ann, bob] = ['411111111111111111', '422222222222222222'];
    const [k1, k2, k3] = ['1', '2', '3'].map((c) => c.repeat(64));
    const bot = { kind: 'bot', id: 'key-bot' } as const;
    const stamped = [
      grant(ann, k1),
      grant(bob, k3),
      grant(ann, k2), // prolongs ann's window: the next removal ends both keys' windows
      removal(ann),
      removal(ann), // nothing open any more
      removal(bob),
    ].map((event, i) => stamp(event, 10 + i, bot));
    const store = new SqliteReadStore(':memory:');
    await project(store, stamped);
    const keysOf = async (position: number) =>
      (await store.collection<AuditDocument>(auditReadModels.audit).findOne({ position }))?.keyDigests;
    expect(await keysOf(13)).to.deep.equal([k1, k2]);
    expect(await keysOf(14)).to.equal(undefined);
    expect(await keysOf(15)).to.deep.equal([k3]);
    const lifeOf = async (key: string) =>
      (
        await store
          .collection<AuditDocument>(auditReadModels.audit)
          .find({ keyDigests: key }, { sort: { position: 1 } })
      ).map((doc) => doc.position);
    expect(await lifeOf(k1)).to.deep.equal([10, 13]);
    expect(await lifeOf(k2)).to.deep.equal([12, 13]);
    expect(await lifeOf(k3)).to.deep.equal([11, 15]);

    // redelivered one by one, or a whole batch again: the removals still name the same keys
    const again = new SqliteReadStore(':memory:');
    for (const event of stamped) for (const _ of [1, 2]) await project(again, [event]);
    await project(again, stamped.slice(2));
    expect(await auditOf(again)).to.deep.equal(await auditOf(store));
  });

  it("keeps two erased members' windows on one server apart: each by its own stream", async () => {
    // a rebuild after two erasures reads both members as "erased person"; their streams differ
    const guildId = '222222222222222222';
    const bot = { kind: 'bot', id: 'key-bot' } as const;
    const [k1, k2] = ['1', '2'].map((c) => c.repeat(64));
    const onStream = (event: DomainEvent, position: number, pseudonym: string) => ({
      ...stamp(event, position, bot),
      streamId: `vip-${guildId}-${pseudonym}`,
    });
    const data = { guildId, discordUserId: erasedPerson };
    const stamped = [
      onStream(
        {
          type: 'VipRoleGranted',
          data: { ...data, keyDigest: k1, until: at.toISOString(), grantedAt: at.toISOString() },
        },
        20,
        'p1',
      ),
      onStream(
        {
          type: 'VipRoleGranted',
          data: { ...data, keyDigest: k2, until: at.toISOString(), grantedAt: at.toISOString() },
        },
        21,
        'p2',
      ),
      onStream({ type: 'VipRoleRemoved', data: { ...data, removedAt: at.toISOString() } }, 22, 'p1'),
      onStream({ type: 'VipRoleRemoved', data: { ...data, removedAt: at.toISOString() } }, 23, 'p2'),
    ];
    const store = new SqliteReadStore(':memory:');
    await project(store, stamped);
    const keysOf = async (position: number) =>
      (await store.collection<AuditDocument>(auditReadModels.audit).findOne({ position }))?.keyDigests;
    expect([await keysOf(22), await keysOf(23)]).to.deep.equal([[k1], [k2]]);
    expect(await store.collection(auditReadModels.openGrants).find({})).to.deep.equal([]);
  });

  it('is idempotent: a redelivered batch leaves the same documents', async () => {
    const once = new SqliteReadStore(':memory:');
    await project(once);
    const twice = new SqliteReadStore(':memory:');
    await project(twice);
    await project(twice);
    expect(await twice.collection(auditReadModels.audit).find({})).to.deep.equal(
      await once.collection(auditReadModels.audit).find({}),
    );
  });
});
