import { expect } from 'chai';
import { auditReadModels, type AuditDocument, type DomainEvent } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { auditProjector } from '../src/read-models/audit/audit.projector.ts';
import { usersProjector } from '../src/read-models/users.projector.ts';
import type { ProjectedEvent } from '../src/projector.ts';

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
  const project = async (store: SqliteReadStore) => {
    for (const event of events)
      for (const projector of [usersProjector, auditProjector])
        if (projector.handles.has(event.type)) await projector.apply(event, store);
  };

  it('keeps one redacted document per event, with what audits filter on', async () => {
    const store = new SqliteReadStore(':memory:');
    await project(store);
    const docs = await store.collection<AuditDocument>(auditReadModels.audit).find({}, { sort: { position: 1 } });
    expect(docs.map((doc) => doc.type)).to.deep.equal([
      'UserRegistered',
      'WhitelistEntryAdded',
      'KeyGenerated',
      'SubscriberServerChanged',
    ]);
    const [registered, whitelisted, generated, moved] = docs;
    expect(registered.data.passwordHash).to.equal('[redacted]');
    expect(JSON.stringify(docs)).to.not.contain('$argon2id$secret');
    expect(registered).to.include({
      schemaVersion: 2,
      streamId: 's-1',
      correlationId: 'c-1',
      causationId: 'c-1',
      time: at.toISOString(),
    });
    expect(whitelisted.actor).to.deep.equal({ kind: 'admin', id: 'u1', username: 'ann' });
    expect(whitelisted.userIds).to.deep.equal(['111111111111111111', 'u1']);
    expect(whitelisted.guildIds).to.deep.equal(['222222222222222222']);
    expect(generated.actor).to.deep.equal({ kind: 'visitor', id: 'anonymous', username: null });
    expect(generated.schemaVersion).to.equal(1);
    expect(generated.keyDigest).to.equal(KEY);
    expect(generated.data.keyDigest).to.equal(`${'a'.repeat(12)}…`);
    expect(generated.data.visitorDigest).to.equal(`${'b'.repeat(12)}…`);
    expect(moved.guildIds).to.deep.equal(['222222222222222222', '333333333333333333']);
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
