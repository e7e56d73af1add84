import { currentSchemaVersion, type DomainEvent, systemActor } from '@vip/contracts';
import {
  digestOf,
  embeddedFiles,
  PersonalDataEventStore,
  type RecordedEvent,
  randomCode,
  SqlitePersonalKeys,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';

/**
 * Events a test needs from other areas (a server the bot is in, a premium owner) or from
 * another time (an expired link, an expired key), appended straight into the spawned
 * product's log. The running server reads streams directly, and its projections pick up
 * appends from another process within a second.
 */
const metadata = { correlationId: 'test-seed', causationId: 'test-seed', actor: systemActor };

/** The product's log as the product reads and writes it: personal data through the persons' keys. */
export function openProductLog(dataDir: string): PersonalDataEventStore {
  const files = embeddedFiles(dataDir);
  return new PersonalDataEventStore(new SqliteEventStore(files.events), new SqlitePersonalKeys(files.personalKeys));
}

export async function withEventStore<T>(
  dataDir: string,
  work: (store: PersonalDataEventStore) => Promise<T>,
): Promise<T> {
  const store = openProductLog(dataDir);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

export async function appendEvents(dataDir: string, streamId: string, events: DomainEvent[]): Promise<void> {
  await withEventStore(dataDir, (store) =>
    store.append(
      streamId,
      // in today's shapes, so each carries today's version as the product's own writers do
      events.map((event) => ({ ...event, metadata: { ...metadata, schemaVersion: currentSchemaVersion(event.type) } })),
      'any',
    ),
  );
}

/** The key bot reported it is in this server. */
export async function seedGuild(dataDir: string, guildId: string, name = 'Test server'): Promise<void> {
  await appendEvents(dataDir, `guild-${guildId}`, [
    {
      type: 'GuildReported',
      data: {
        guildId,
        name,
        icon: null,
        memberCount: 42,
        channels: [],
        missingPermissions: [],
        reportedAt: new Date().toISOString(),
      },
    },
  ]);
}

/** The key bot reported it left this server. */
export async function seedGuildLeft(dataDir: string, guildId: string): Promise<void> {
  await appendEvents(dataDir, `guild-${guildId}`, [
    { type: 'GuildLeft', data: { guildId, leftAt: new Date().toISOString() } },
  ]);
}

/** The server belongs to a subscriber with a running plan (non-free unless told otherwise). */
export async function seedPremiumOwner(
  dataDir: string,
  guildId: string,
  userId: string,
  planName = 'Business',
): Promise<void> {
  const now = new Date();
  await appendEvents(dataDir, `server-owner-${guildId}`, [
    { type: 'ServerClaimed', data: { guildId, userId, claimedAt: now.toISOString(), discordUserId: null } },
  ]);
  await appendEvents(dataDir, `subscription-${userId}`, [
    {
      type: 'SubscriptionStarted',
      data: {
        userId,
        planName,
        slotsOverride: null,
        startedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        discordUserId: null,
      },
    },
  ]);
}

/** An access hash issued for the server, e.g. one that expired already; answers the hash itself. */
export async function seedAccessHash(dataDir: string, guildId: string, expiresAt: Date): Promise<string> {
  const hash = randomCode(16);
  const hashDigest = digestOf(hash);
  const issuedAt = new Date(expiresAt.getTime() - 30 * 60_000).toISOString();
  await appendEvents(dataDir, `access-hash-${hashDigest}`, [
    { type: 'AccessHashIssued', data: { hashDigest, guildId, issuedAt, expiresAt: expiresAt.toISOString() } },
  ]);
  return hash;
}

/** A free key generated for the server, e.g. one that expired already; answers the key itself. */
export async function seedKey(dataDir: string, guildId: string, expiresAt: Date): Promise<string> {
  const key = randomCode(16);
  const keyDigest = digestOf(key);
  const generatedAt = new Date(expiresAt.getTime() - 24 * 3_600_000).toISOString();
  await appendEvents(dataDir, `key-${keyDigest}`, [
    {
      type: 'KeyGenerated',
      data: {
        keyDigest,
        guildId,
        tier: 'free',
        noAds: false,
        expiresAt: expiresAt.toISOString(),
        generatedAt,
        visitorDigest: null,
        accessHashDigest: null,
      },
    },
  ]);
  return key;
}

/** Every event in the log, for assertions on what was (or was not) written. */
export async function allEvents(dataDir: string): Promise<RecordedEvent[]> {
  return withEventStore(dataDir, (store) => store.readAll());
}

export async function streamEvents(dataDir: string, streamId: string): Promise<RecordedEvent[]> {
  return withEventStore(dataDir, (store) => store.readStream(streamId));
}

/** Polls until `check` holds (a projection caught up), or fails after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 5000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
