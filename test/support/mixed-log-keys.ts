import type { Actor, DomainEvent } from '@vip/contracts';
import { type Append, DAY, digest, MixedLogWorld, snowflake } from './mixed-log-world.ts';

/** The key page's and the key bot's side of the mixed log: users, visits, links, keys, VIP windows, servers. */
export abstract class KeyLifeLog extends MixedLogWorld {
  protected registerUser(isAdmin: boolean): Append[] {
    const userId = this.id('user');
    const username = `${isAdmin ? 'admin' : 'sub'}${this.counter}`;
    // one user in five was registered by an older version: v1 shape, no schemaVersion
    const legacy = this.random() < 0.2;
    const data = {
      userId,
      username,
      passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${digest(username).slice(0, 22)}`,
      isAdmin,
      registeredAt: this.at(),
    };
    const registered = (legacy ? data : { ...data, avatar: null }) as DomainEvent['data'];
    (isAdmin ? this.admins : this.subscribers).push(userId);
    const system: Actor = { kind: 'system', id: 'user-cli' };
    return [
      this.append(`username-${username}`, system, [{ type: 'UsernameReserved', data: { username, userId } }], legacy),
      this.append(`user-${userId}`, system, [{ type: 'UserRegistered', data: registered } as DomainEvent], legacy),
    ];
  }

  protected visit(): Append[] {
    const visitorDigest = digest(`visitor-${Math.floor(this.random() * 20_000)}`);
    const guildId = this.random() < 0.8 ? this.pick(this.guilds) : null;
    return [
      this.append(`visitor-${visitorDigest}`, { kind: 'visitor', id: 'anonymous' }, [
        { type: 'VisitRecorded', data: { visitorDigest, guildId, visitedAt: this.at() } },
      ]),
    ];
  }

  protected issueHash(): Append[] {
    const hashDigest = digest(this.id('hash'));
    const guildId = this.pick(this.guilds);
    this.openHashes.push({ hashDigest, guildId });
    if (this.openHashes.length > 500) this.openHashes.shift();
    return [
      this.append(`access-hash-${hashDigest}`, { kind: 'visitor', id: 'anonymous' }, [
        {
          type: 'AccessHashIssued',
          data: { hashDigest, guildId, issuedAt: this.at(), expiresAt: this.at(30 * 60_000) },
        },
      ]),
    ];
  }

  protected generateKey(): Append[] {
    const keyDigest = digest(this.id('key'));
    const viaHash = this.random() < 0.3 ? this.take(this.openHashes) : undefined;
    const guildId = viaHash?.guildId ?? this.pick(this.guilds);
    const premium = this.owners.has(guildId);
    const actor: Actor = { kind: 'visitor', id: 'anonymous' };
    const appends: Append[] = [];
    if (viaHash) {
      appends.push(
        this.append(`access-hash-${viaHash.hashDigest}`, actor, [
          { type: 'AccessHashUsed', data: { hashDigest: viaHash.hashDigest, guildId, keyDigest, usedAt: this.at() } },
        ]),
      );
    }
    const visitorDigest = this.random() < 0.9 ? digest(`visitor-${Math.floor(this.random() * 20_000)}`) : null;
    appends.push(
      this.append(`key-${keyDigest}`, actor, [
        {
          type: 'KeyGenerated',
          data: {
            keyDigest,
            guildId,
            tier: premium ? 'premium' : 'free',
            noAds: premium,
            expiresAt: this.at(DAY),
            generatedAt: this.at(),
            visitorDigest,
            accessHashDigest: viaHash?.hashDigest ?? null,
          },
        },
      ]),
    );
    this.openKeys.push({ keyDigest, guildId });
    if (this.openKeys.length > 2000) this.openKeys.shift();
    return appends;
  }

  protected redeemKey(): Append[] {
    const key = this.take(this.openKeys);
    if (!key) return this.generateKey();
    const discordUserId = this.pick(this.members);
    const bot: Actor = { kind: 'bot', id: 'key-bot' };
    this.windows.set(`${key.guildId}-${discordUserId}`, { guildId: key.guildId, discordUserId });
    return [
      this.append(`key-${key.keyDigest}`, bot, [
        {
          type: 'KeyRedeemed',
          data: { keyDigest: key.keyDigest, guildId: key.guildId, discordUserId, redeemedAt: this.at() },
        },
      ]),
      this.append(`vip-${key.guildId}-${discordUserId}`, bot, [
        {
          type: 'VipRoleGranted',
          data: {
            guildId: key.guildId,
            discordUserId,
            keyDigest: key.keyDigest,
            until: this.at(60 * 60_000),
            grantedAt: this.at(),
            // older grants say nothing of the cap (none was cut); today's say whether it cut them
            ...(this.random() < 0.3 ? {} : { capped: false }),
          },
        },
      ]),
    ];
  }

  protected removeVipRole(): Append[] {
    const [id, window] = this.windows.entries().next().value ?? [];
    if (!id || !window) return this.redeemKey();
    this.windows.delete(id);
    return [
      this.append(`vip-${id}`, { kind: 'bot', id: 'key-bot' }, [
        { type: 'VipRoleRemoved', data: { ...window, removedAt: this.at() } },
      ]),
    ];
  }

  /**
   * The key bot's reports, in both shapes: older versions appended a GuildReported with the
   * member count inside at every change (v1, no schemaVersion); today a server's facts are
   * reported when they change and its member count on a stream of its own.
   */
  protected reportGuild(): Append[] {
    const guildId = this.pick(this.guilds);
    const bot: Actor = { kind: 'bot', id: 'key-bot' };
    const roll = this.random();
    if (roll < 0.05)
      return [this.append(`guild-${guildId}`, bot, [{ type: 'GuildLeft', data: { guildId, leftAt: this.at() } }])];
    const memberCount = Math.floor(this.random() * 50_000);
    if (roll < 0.5)
      return [
        this.append(`guild-members-${guildId}`, bot, [
          { type: 'GuildMemberCountReported', data: { guildId, memberCount, reportedAt: this.at() } },
        ]),
      ];
    const channels = [
      { id: snowflake(700, Number(guildId.slice(-3)) * 2), name: 'general' },
      { id: snowflake(700, Number(guildId.slice(-3)) * 2 + 1), name: 'welcome' },
    ];
    const facts = {
      guildId,
      name: `Server ${guildId.slice(-3)}`,
      icon: null,
      channels,
      missingPermissions: this.random() < 0.1 ? ['ManageRoles'] : [],
      reportedAt: this.at(),
    };
    if (roll < 0.75)
      return [this.append(`guild-${guildId}`, bot, [{ type: 'GuildReported', data: { ...facts, memberCount } }], true)];
    return [
      this.append(`guild-${guildId}`, bot, [{ type: 'GuildReported', data: facts }]),
      this.append(`guild-members-${guildId}`, bot, [
        { type: 'GuildMemberCountReported', data: { guildId, memberCount, reportedAt: this.at() } },
      ]),
    ];
  }
}
