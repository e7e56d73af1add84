import { createHash } from 'node:crypto';
import { type Actor, currentSchemaVersion, type DomainEvent, type EventMetadata } from '@vip/contracts';
import type { NewEvent } from '@vip/platform';

/** What the mixed log appends in one call: one stream's events. */
export type Append = { streamId: string; events: NewEvent[] };

export const DAY = 86_400_000;

/**
 * The versions a product before the visitors' day keys wrote: its visits and keys name the
 * visitor by HMAC(the deployment's secret, address), one digest per address for all days.
 */
const beforeDayKeys: Partial<Record<DomainEvent['type'], number>> = { VisitRecorded: 2, KeyGenerated: 1 };
const writtenVersion = (type: DomainEvent['type']) => beforeDayKeys[type] ?? currentSchemaVersion(type);
const START = Date.UTC(2026, 0, 1);

export const snowflake = (prefix: number, i: number) => `${prefix}${String(i).padStart(15, '0')}`;
export const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The mixed log's world: who and what exists so far, its clock and its deterministic randomness. */
export abstract class MixedLogWorld {
  protected state: number;
  protected clock = START;
  protected step = 0;
  protected readonly admins: string[] = [];
  protected readonly subscribers: string[] = [];
  protected readonly guilds = Array.from({ length: 1000 }, (_, i) => snowflake(900, i));
  protected readonly members = Array.from({ length: 5000 }, (_, i) => snowflake(800, i));
  protected readonly openKeys: Array<{ keyDigest: string; guildId: string }> = [];
  protected readonly openHashes: Array<{ hashDigest: string; guildId: string }> = [];
  protected readonly windows = new Map<string, { guildId: string; discordUserId: string }>();
  protected readonly sessions: Array<{ sessionId: string; userId: string }> = [];
  protected readonly announcements: string[] = [];
  protected readonly slots = new Map<string, string[]>();
  protected readonly owners = new Map<string, string>();
  protected readonly whitelist = new Map<string, { userId: string; guildId: string }>();
  protected readonly posts: Array<{ postId: string; guildId: string; channelId: string; due: number }> = [];
  protected counter = 0;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** xorshift32: fast and deterministic. */
  protected random(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x1_0000_0000;
  }
  protected pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
  protected take<T>(items: T[]): T | undefined {
    if (items.length === 0) return undefined;
    const index = Math.floor(this.random() * items.length);
    const [item] = items.splice(index, 1);
    return item;
  }
  protected at(offsetMs = 0): string {
    return new Date(this.clock + offsetMs).toISOString();
  }
  protected id(prefix: string): string {
    return `${prefix}-${(++this.counter).toString(36)}`;
  }

  protected append(streamId: string, actor: Actor, events: DomainEvent[], legacy = false): Append {
    const correlationId = `corr-${this.step.toString(36).padStart(8, '0')}`;
    const metadata = (event: DomainEvent): EventMetadata =>
      legacy
        ? { correlationId, causationId: correlationId, actor }
        : { correlationId, causationId: correlationId, actor, schemaVersion: writtenVersion(event.type) };
    return {
      streamId,
      events: events.map((event) => ({ type: event.type, data: event.data, metadata: metadata(event) })),
    };
  }
}
