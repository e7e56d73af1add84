import { whitelistEntryRuns } from '@vip/contracts';
import type { Logger } from '@vip/platform';
import type { Guild, GuildMember } from 'discord.js';
import { ownsGuild } from '../shared/discord-client.ts';
import { DueTimers } from '../shared/due-timers.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { vipWindowKey } from './key-bot-state.ts';
import { failureOf, retryDelayMs } from './role-failures.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'api' | 'client' | 'log' | 'logger' | 'roleProblems' | 'state' | 'vipRoles'>;

interface WhitelistEntry {
  guildId: string;
  userId: string;
  /** ms since the epoch; null: lifetime. */
  expiresAt: number | null;
  listed: boolean;
  /** The bot reported the role settled since the entry last changed (WhitelistRoleRemoved). */
  settled: boolean;
}

const stands = (entry: WhitelistEntry | undefined, now: number): entry is WhitelistEntry =>
  !!entry && entry.listed && whitelistEntryRuns(entry.expiresAt, now);

/**
 * Standing VIP from the admin's whitelist (decisions.md §10): the member holds the VIP role
 * for as long as the entry stands, without a key. The role is given when the entry is added
 * (or the bot comes back and finds it), and when the member joins; it is taken back when the
 * entry is removed or runs out. Removals are owed until the bot reports them
 * (WhitelistRoleRemoved), so one that fell due while the bot was down runs as soon as it is
 * back, once, as for key windows. A role a key window still holds is left in place, and a
 * key window's end leaves a standing entry's role alone (vip-role-expiry.ts asks holds()).
 */
export class WhitelistRoles implements KeyBotPart, SnapshotPart<[string, WhitelistEntry][]> {
  readonly name = 'whitelist';
  private readonly entries = new Map<string, WhitelistEntry>();
  /** Entries whose role is owed back, or will be when they run out. */
  private readonly removals: DueTimers<string>;
  /** Failed removals in a row per entry, for the wait before the next try. */
  private readonly failures = new Map<string, number>();
  /** Grants Discord refused, tried again while the entry stands: failures in a row and the next try. */
  private readonly grantRetries = new Map<string, { inARow: number; timer: NodeJS.Timeout | undefined }>();
  /** Set once the client is ready: roles are given and taken from then on. */
  private context: Connected | undefined;

  constructor(logger: Logger) {
    this.removals = new DueTimers((key) => this.settle(key), logger, 'whitelist-roles');
  }

  attach(feed: EventFeed): void {
    feed.on(['WhitelistEntryAdded', 'WhitelistEntryRemoved', 'WhitelistRoleRemoved'], (event) => {
      const { guildId, userId } = event.data;
      const key = vipWindowKey(guildId, userId);
      const entry = this.entries.get(key);
      switch (event.type) {
        case 'WhitelistEntryAdded': {
          const expiresAt = event.data.expiresAt === null ? null : Date.parse(event.data.expiresAt);
          this.entries.set(key, { guildId, userId, expiresAt, listed: true, settled: false });
          if (expiresAt === null) this.removals.delete(key);
          else this.removals.set(key, expiresAt);
          // while the log is read again at start, start() gives every standing entry its role
          if (this.context) void this.grant(guildId, userId);
          return;
        }
        case 'WhitelistEntryRemoved':
          if (!entry) return;
          this.entries.set(key, { ...entry, listed: false });
          if (!entry.settled) this.removals.set(key, Date.now());
          return;
        case 'WhitelistRoleRemoved':
          this.removals.delete(key);
          if (entry && !entry.listed) this.entries.delete(key);
          else if (entry) this.entries.set(key, { ...entry, settled: true });
          return;
      }
    });
  }

  saveState(): [string, WhitelistEntry][] {
    return [...this.entries];
  }

  /** The entries, and the removals they owe: at once for a removed entry, at its end for one that runs out. */
  restoreState(state: [string, WhitelistEntry][]): void {
    refill(this.entries, state);
    for (const [key, entry] of this.entries) {
      if (entry.settled) continue;
      if (!entry.listed) this.removals.set(key, 0);
      else if (entry.expiresAt !== null) this.removals.set(key, entry.expiresAt);
    }
  }

  /** After the fold and the connection: owed removals run, every standing entry gets its role. */
  start(context: Connected): void {
    this.context = context;
    this.removals.start();
    const now = Date.now();
    for (const entry of this.entries.values()) if (stands(entry, now)) void this.grant(entry.guildId, entry.userId);
  }

  stop(): void {
    this.context = undefined;
    this.removals.stop();
    for (const retry of this.grantRetries.values()) clearTimeout(retry.timer);
    this.grantRetries.clear();
  }

  /** A standing entry gives this member the VIP role here now. */
  holds(guildId: string, userId: string, now = Date.now()): boolean {
    return stands(this.entries.get(vipWindowKey(guildId, userId)), now);
  }

  /** The member's standing entry here now, with its end (null: lifetime); null when none stands (/vip). */
  entryOf(guildId: string, userId: string, now = Date.now()): { expiresAt: number | null } | null {
    const entry = this.entries.get(vipWindowKey(guildId, userId));
    return stands(entry, now) ? { expiresAt: entry.expiresAt } : null;
  }

  /** Whitelisted members of a server now (/stats). */
  countIn(guildId: string, now = Date.now()): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.guildId === guildId && stands(entry, now)) count++;
    return count;
  }

  memberJoined(member: GuildMember): void {
    if (this.holds(member.guild.id, member.id)) void this.grant(member.guild.id, member.id);
  }

  /**
   * Gives a standing entry its role. A refusal is said out loud as for key windows (the log
   * channel says what to fix, the panel's server card shows it) and the grant is tried again
   * in seconds for as long as the entry stands.
   */
  private async grant(guildId: string, userId: string): Promise<void> {
    if (!this.context) return;
    const { client, vipRoles, log, logger, roleProblems } = this.context;
    if (!ownsGuild(client, guildId)) return;
    const guild = client.guilds.cache.get(guildId);
    if (!guild) return; // not in that server: the role is given when the bot joins it and starts again
    const key = vipWindowKey(guildId, userId);
    try {
      const role = await vipRoles.ensure(guild);
      if (!(await this.alreadyHas(guild, userId, role.id))) {
        await guild.members.addRole({ user: userId, role: role.id, reason: 'Whitelisted: standing VIP' });
        await log.post(guildId, keyBotTexts.logWhitelistGranted(userId, role.id), { userId, roleId: role.id });
      }
      this.forgetGrantRetry(key);
      roleProblems.worked(guildId);
    } catch (error) {
      const failure = await failureOf(error, guild, vipRoles.find(guild), vipRoles);
      // not a member (yet): the role comes when they join
      if (failure.kind === 'not-a-member') return this.forgetGrantRetry(key);
      const inARow = this.grantAgainLater(key, guildId, userId);
      if (failure.kind === 'problem') {
        if (inARow === 1) await roleProblems.failed(guildId, 'grant', userId, failure.problem, failure.roleId);
      } else {
        logger.warn({ guildId, userId, reason: failure.reason }, 'whitelist grant failed; retrying');
        if (inARow === 1)
          await log.post(guildId, keyBotTexts.logWhitelistGrantFailed(userId, failure.reason), { userId }, 'warn');
      }
    }
  }

  private forgetGrantRetry(key: string): void {
    clearTimeout(this.grantRetries.get(key)?.timer);
    this.grantRetries.delete(key);
  }

  /** The grant did not happen: again in seconds (never minutes), while the entry stands. */
  private grantAgainLater(key: string, guildId: string, userId: string): number {
    const previous = this.grantRetries.get(key);
    clearTimeout(previous?.timer);
    const inARow = (previous?.inARow ?? 0) + 1;
    const timer = setTimeout(() => {
      if (this.context && this.holds(guildId, userId)) void this.grant(guildId, userId);
      else this.forgetGrantRetry(key);
    }, retryDelayMs(inARow));
    timer.unref();
    this.grantRetries.set(key, { inARow, timer });
    return inARow;
  }

  /** A member the bot has seen with the role is not given it again (no audit-log noise on every start). */
  private async alreadyHas(guild: Guild, userId: string, roleId: string): Promise<boolean> {
    const member = guild.members.cache.get(userId);
    return !!member && !member.partial && member.roles.cache.has(roleId);
  }

  /** The removal did not happen: again in seconds (never minutes), until it is made or the member is gone. */
  private tryAgain(key: string): number {
    const inARow = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, inARow);
    this.removals.set(key, Date.now() + retryDelayMs(inARow));
    return inARow;
  }

  /** The entry ended (removed or ran out): take the role back unless a key window holds it, then report. */
  private async settle(key: string): Promise<void> {
    if (!this.context) return;
    const { client, state, vipRoles, api, log, logger, roleProblems } = this.context;
    const entry = this.entries.get(key);
    if (!entry || entry.settled) return;
    const now = Date.now();
    if (stands(entry, now)) {
      // renewed meanwhile: owed again when the new duration runs out
      if (entry.expiresAt !== null) this.removals.set(key, entry.expiresAt);
      return;
    }
    const { guildId, userId } = entry;
    if (!ownsGuild(client, guildId)) return; // another shard holds this server
    const window = state.vipWindows.get(key);
    const keyWindowOpen = !!window && window.until > now;
    const guild = client.guilds.cache.get(guildId);
    let roleId: string | null = null;
    if (guild && !keyWindowOpen) {
      try {
        roleId = (await vipRoles.remove(guild, userId))?.id ?? null;
        roleProblems.worked(guildId);
      } catch (error) {
        const failure = await failureOf(error, guild, vipRoles.find(guild), vipRoles);
        const inARow = this.tryAgain(key);
        if (failure.kind === 'problem' && inARow === 1)
          await roleProblems.failed(guildId, 'remove', userId, failure.problem, failure.roleId);
        else if (failure.kind === 'unavailable')
          logger.warn({ guildId, userId, reason: failure.reason }, 'whitelist role removal failed; retrying');
        return;
      }
    }
    try {
      await api.whitelistRoleRemoved(guildId, userId);
    } catch (error) {
      logger.error({ err: error, guildId, userId }, 'could not report a whitelist role removal');
      this.tryAgain(key);
      return;
    }
    this.failures.delete(key);
    if (guild) await log.post(guildId, keyBotTexts.logWhitelistEnded(userId, roleId, keyWindowOpen), { userId });
  }
}
