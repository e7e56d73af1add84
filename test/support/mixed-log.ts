import type { Actor } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { KeyLifeLog } from './mixed-log-keys.ts';
import { type Append, DAY, snowflake } from './mixed-log-world.ts';

/**
 * A large, realistic log written straight into an event store: users (some registered in
 * the old v1 shape, before schema versions were recorded), sessions, servers and their
 * owners, greetings, bot settings, access hashes, keys generated and redeemed, VIP windows,
 * visits, announcements, subscriptions, whitelist entries and video posts — every event type
 * the product writes. Deterministic for a seed, so a failure can be reproduced.
 */
export interface MixedLogOptions {
  /** At least this many events are written. */
  events: number;
  seed?: number;
}

export async function writeMixedLog(
  store: EventStore,
  options: MixedLogOptions,
): Promise<{ events: number; appends: number }> {
  const log = new MixedLog(options.seed ?? 1);
  let pending: Promise<unknown>[] = [];
  let written = 0;
  let appends = 0;
  while (written < options.events) {
    for (const append of log.next()) {
      // appends asked for in one turn of the event loop share one transaction
      pending.push(store.append(append.streamId, append.events, 'any'));
      written += append.events.length;
      appends++;
    }
    if (pending.length >= 2000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return { events: written, appends };
}

class MixedLog extends KeyLifeLog {
  next(): Append[] {
    this.step++;
    this.clock += Math.floor(this.random() * 40_000); // ~20 s apart on average: the log spans weeks
    if (this.admins.length < 3 || this.step % 2000 === 0) return this.registerUser(true);
    if (this.subscribers.length < 10 || this.step % 400 === 0) return this.registerUser(false);
    const roll = this.random() * 100;
    if (roll < 22) return this.visit();
    if (roll < 30) return this.issueHash();
    if (roll < 48) return this.generateKey();
    if (roll < 57) return this.redeemKey();
    if (roll < 61) return this.removeVipRole();
    if (roll < 68) return this.reportGuild();
    if (roll < 71) return this.announce();
    if (roll < 74) return this.greet();
    if (roll < 78) return this.whitelistChange();
    if (roll < 81) return this.session();
    if (roll < 83) return this.subscription();
    if (roll < 86) return this.serverSlots();
    if (roll < 90) return this.botSettings();
    if (roll < 94) return this.videoPosts();
    if (roll < 95) return this.changePassword();
    return this.visit();
  }

  protected announce(): Append[] {
    const authorId = this.pick(this.admins);
    const actor: Actor = { kind: 'admin', id: authorId };
    if (this.announcements.length > 5 && this.random() < 0.3) {
      const announcementId = this.take(this.announcements)!;
      return [
        this.append(`announcement-${announcementId}`, actor, [
          { type: 'AnnouncementDeleted', data: { announcementId, deletedAt: this.at() } },
        ]),
      ];
    }
    const announcementId = this.id('announcement');
    this.announcements.push(announcementId);
    return [
      this.append(`announcement-${announcementId}`, actor, [
        {
          type: 'AnnouncementPosted',
          data: {
            announcementId,
            title: `News ${this.counter}`,
            content: `What changed at step ${this.step}`,
            priority: this.pick(['low', 'medium', 'high'] as const),
            authorId,
            postedAt: this.at(),
          },
        },
      ]),
    ];
  }

  protected greet(): Append[] {
    const guildId = this.pick([...this.owners.keys(), ...this.guilds.slice(0, 5)]);
    const actor: Actor = { kind: 'user', id: this.owners.get(guildId) ?? this.pick(this.subscribers) };
    if (this.random() < 0.15)
      return [
        this.append(`greeting-${guildId}`, actor, [
          { type: 'GreetingRemoved', data: { guildId, removedAt: this.at() } },
        ]),
      ];
    const data = {
      guildId,
      enabled: this.random() < 0.8,
      channelId: this.random() < 0.9 ? snowflake(700, Number(guildId.slice(-3)) * 2) : null,
      delay: 1 + Math.floor(this.random() * 3),
      message: `Welcome {user} #${this.step % 7}`,
      configuredAt: this.at(),
    };
    return [this.append(`greeting-${guildId}`, actor, [{ type: 'GreetingConfigured', data }])];
  }

  protected whitelistChange(): Append[] {
    const admin: Actor = { kind: 'admin', id: this.pick(this.admins) };
    if (this.whitelist.size > 20 && this.random() < 0.3) {
      const [id, entry] = this.whitelist.entries().next().value!;
      this.whitelist.delete(id);
      return [
        this.append(`whitelist-${id}`, admin, [
          { type: 'WhitelistEntryRemoved', data: { ...entry, removedAt: this.at() } },
        ]),
      ];
    }
    const userId = this.pick(this.members);
    const guildId = this.pick(this.guilds);
    const duration = this.pick(['weekly', 'monthly', 'yearly', 'lifetime'] as const);
    const days = { weekly: 7, monthly: 30, yearly: 365, lifetime: null }[duration];
    this.whitelist.set(`${guildId}-${userId}`, { userId, guildId });
    return [
      this.append(`whitelist-${guildId}-${userId}`, admin, [
        {
          type: 'WhitelistEntryAdded',
          data: {
            userId,
            guildId,
            duration,
            expiresAt: days === null ? null : this.at(days * DAY),
            addedAt: this.at(),
          },
        },
      ]),
    ];
  }

  protected session(): Append[] {
    if (this.sessions.length > 10 && this.random() < 0.4) {
      const { sessionId, userId } = this.take(this.sessions)!;
      return [
        this.append(`session-${sessionId}`, { kind: 'user', id: userId }, [
          { type: 'SessionEnded', data: { sessionId, userId, endedAt: this.at() } },
        ]),
      ];
    }
    const userId = this.pick([...this.admins, ...this.subscribers]);
    const sessionId = this.id('session');
    this.sessions.push({ sessionId, userId });
    const actor: Actor = { kind: this.admins.includes(userId) ? 'admin' : 'user', id: userId };
    return [
      this.append(`session-${sessionId}`, actor, [
        { type: 'SessionStarted', data: { sessionId, userId, startedAt: this.at(), expiresAt: this.at(7 * DAY) } },
      ]),
    ];
  }

  protected subscription(): Append[] {
    const userId = this.pick(this.subscribers);
    const admin: Actor = { kind: 'admin', id: this.pick(this.admins) };
    const roll = this.random();
    if (roll < 0.5) {
      const data = {
        userId,
        planName: this.pick(['Basic', 'Business', 'Premium']),
        slotsOverride: this.random() < 0.5 ? 3 : null,
        startedAt: this.at(),
        expiresAt: this.at(30 * DAY),
        discordUserId: this.random() < 0.5 ? this.pick(this.members) : null,
      };
      return [this.append(`subscription-${userId}`, admin, [{ type: 'SubscriptionStarted', data }])];
    }
    if (roll < 0.85)
      return [
        this.append(`subscription-${userId}`, admin, [
          {
            type: 'SubscriptionExtended',
            data: { userId, days: 30, slotsOverride: null, expiresAt: this.at(60 * DAY), extendedAt: this.at() },
          },
        ]),
      ];
    return [
      this.append(`subscription-${userId}`, admin, [
        { type: 'SubscriptionEnded', data: { userId, endedAt: this.at() } },
      ]),
    ];
  }

  protected serverSlots(): Append[] {
    const userId = this.pick(this.subscribers);
    const actor: Actor = { kind: 'user', id: userId };
    const mine = this.slots.get(userId) ?? [];
    const free = this.guilds.filter((guildId) => !this.owners.has(guildId));
    if (free.length > 0 && (mine.length < 3 || this.random() < 0.3)) {
      const guildId = this.pick(free);
      if (mine.length >= 3) {
        // change a slot: claim the new server, move the slot, release the old one
        const oldGuildId = mine[0];
        this.slots.set(userId, [guildId, ...mine.slice(1)]);
        this.owners.delete(oldGuildId);
        this.owners.set(guildId, userId);
        return [
          this.append(`server-owner-${guildId}`, actor, [
            { type: 'ServerClaimed', data: { guildId, userId, claimedAt: this.at(), discordUserId: null } },
          ]),
          this.append(`user-servers-${userId}`, actor, [
            {
              type: 'SubscriberServerChanged',
              data: { userId, oldGuildId, newGuildId: guildId, changedAt: this.at() },
            },
          ]),
          this.append(`server-owner-${oldGuildId}`, actor, [
            { type: 'ServerReleased', data: { guildId: oldGuildId, userId, releasedAt: this.at(), reason: null } },
          ]),
        ];
      }
      this.slots.set(userId, [...mine, guildId]);
      this.owners.set(guildId, userId);
      return [
        this.append(`server-owner-${guildId}`, actor, [
          { type: 'ServerClaimed', data: { guildId, userId, claimedAt: this.at(), discordUserId: null } },
        ]),
        this.append(`user-servers-${userId}`, actor, [
          { type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: this.at() } },
        ]),
      ];
    }
    return this.greet();
  }

  protected botSettings(): Append[] {
    const guildId = this.pick(this.guilds);
    const by = this.pick(this.members);
    const bot: Actor = { kind: 'bot', id: 'key-bot' };
    const channelId = snowflake(700, Number(guildId.slice(-3)) * 2);
    const roll = this.random();
    if (roll < 0.3)
      return [
        this.append(`bot-settings-${guildId}`, bot, [
          {
            type: 'VipRoleChosen',
            data: {
              guildId,
              roleId: snowflake(600, Math.floor(this.random() * 1000)),
              chosenBy: by,
              chosenAt: this.at(),
            },
          },
        ]),
      ];
    if (roll < 0.55)
      return [
        this.append(`bot-settings-${guildId}`, bot, [
          { type: 'LogChannelSet', data: { guildId, channelId, setBy: by, setAt: this.at() } },
        ]),
      ];
    if (roll < 0.8) {
      const data = {
        guildId,
        channelId,
        roleId: this.random() < 0.5 ? null : snowflake(600, 1),
        hours: 1 + Math.floor(this.random() * 12),
        startedBy: by,
        startedAt: this.at(),
      };
      return [this.append(`auto-ping-${guildId}`, bot, [{ type: 'AutoPingStarted', data }])];
    }
    return [
      this.append(`auto-ping-${guildId}`, bot, [
        { type: 'AutoPingStopped', data: { guildId, stoppedBy: by, stoppedAt: this.at() } },
      ]),
    ];
  }

  protected videoPosts(): Append[] {
    const bot: Actor = { kind: 'bot', id: 'poster-bot' };
    const by = this.pick(this.members);
    const post = this.posts.length > 0 && this.random() < 0.6 ? this.pick(this.posts) : undefined;
    if (post && this.random() < 0.1) {
      this.posts.splice(this.posts.indexOf(post), 1);
      return [
        this.append(`video-post-${post.postId}`, bot, [
          {
            type: 'VideoPostCancelled',
            data: { postId: post.postId, guildId: post.guildId, cancelledBy: by, cancelledAt: this.at() },
          },
        ]),
      ];
    }
    if (post) {
      post.due += 3_600_000;
      const dueAt = new Date(post.due).toISOString();
      return [
        this.append(`video-post-${post.postId}`, bot, [
          {
            type: 'VideoPosted',
            data: {
              postId: post.postId,
              guildId: post.guildId,
              channelId: post.channelId,
              messageId: this.id('message'),
              dueAt,
              postedAt: this.at(),
            },
          },
        ]),
      ];
    }
    const postId = this.id('post');
    const guildId = this.pick(this.guilds);
    const channelId = snowflake(700, Number(guildId.slice(-3)) * 2);
    this.posts.push({ postId, guildId, channelId, due: this.clock });
    const data = {
      postId,
      guildId,
      channelId,
      url: `https://videos.example/${postId}`,
      // half of the posts found the page's OpenGraph tags, the others are sent as bare links
      title: this.step % 2 === 0 ? `Video ${postId}` : null,
      description: null,
      imageUrl: null,
      repostOf: null,
      firstAt: this.at(),
      repeatMinutes: this.random() < 0.5 ? 60 : null,
      scheduledBy: by,
      scheduledAt: this.at(),
    };
    return [this.append(`video-post-${postId}`, bot, [{ type: 'VideoPostScheduled', data }])];
  }

  protected changePassword(): Append[] {
    const userId = this.pick(this.subscribers);
    const admin: Actor = { kind: 'admin', id: this.pick(this.admins) };
    return [
      this.append(`user-${userId}`, admin, [
        {
          type: 'PasswordChanged',
          data: { userId, passwordHash: `$argon2id$v=19$new${this.step}`, changedAt: this.at() },
        },
      ]),
    ];
  }
}
