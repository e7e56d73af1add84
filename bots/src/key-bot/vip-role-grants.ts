import type { Logger } from '@vip/platform';
import type { Guild, GuildMember, PartialGuildMember, Role } from 'discord.js';
import { ownsGuild } from '../shared/discord-client.ts';
import { DueTimers } from '../shared/due-timers.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { type KeyBotState, vipWindowKey } from './key-bot-state.ts';
import { failureOf, type RoleChangeFailure, retryDelayMs } from './role-failures.ts';
import type { RoleProblems } from './role-problems.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'client' | 'log' | 'logger' | 'vipRoles'>;

export type GrantOutcome = { ok: true; role: Role } | { ok: false; failure: RoleChangeFailure };

/**
 * Gives members the role of their open VIP window: when they redeem a key, when they come
 * back during the window (issue #21 item 3), and again until Discord accepts it (a refusal
 * an admin fixes, a Discord that did not answer). Grants Discord accepted are remembered per
 * window (and kept in the snapshot), so a start gives again only the open windows whose grant
 * was never confirmed: those of a bot killed between a redemption and Discord's answer.
 */
export class VipRoleGrants implements KeyBotPart, SnapshotPart<[string, number][]> {
  readonly name = 'vipRoleGrants';
  /** Window key → the end of the window its role was given for. */
  private readonly given = new Map<string, number>();
  /** Failures in a row per window, for the wait before the next try. */
  private readonly failures = new Map<string, number>();
  private readonly owed: DueTimers<string>;
  private context: Connected | undefined;

  constructor(
    private readonly state: KeyBotState,
    private readonly problems: RoleProblems,
    logger: Logger,
  ) {
    this.owed = new DueTimers((key) => this.retry(key), logger, 'vip-role-grants');
  }

  attach(feed: EventFeed): void {
    feed.on(['VipRoleRemoved'], (event) => this.forget(vipWindowKey(event.data.guildId, event.data.discordUserId)));
  }

  saveState(): [string, number][] {
    return [...this.given];
  }

  restoreState(state: [string, number][]): void {
    refill(this.given, state);
  }

  /**
   * Ready: the open windows whose grant was never confirmed, or whose member Discord shows
   * without the role (they left and came back while the bot was away), are given now.
   */
  start(context: Connected): void {
    this.context = context;
    const now = Date.now();
    for (const [key, window] of this.state.vipWindows) {
      if (window.until <= now || !ownsGuild(context.client, window.guildId)) continue;
      if (!this.given.has(key) || this.seenWithout(context, window.guildId, window.discordUserId))
        this.owed.set(key, now);
    }
    this.owed.start();
  }

  /** Discord's last word on the member (the server as it came with the connection) shows them without the role. */
  private seenWithout(context: Connected, guildId: string, userId: string): boolean {
    const guild = context.client.guilds.cache.get(guildId);
    const member = guild?.members.cache.get(userId);
    const role = guild ? context.vipRoles.find(guild) : null;
    return !!member && !member.partial && !!role && !member.roles.cache.has(role.id);
  }

  stop(): void {
    this.owed.stop();
    this.context = undefined;
  }

  /**
   * Gives the member the VIP role now. A refusal an admin must fix is said out loud (the
   * first time for this window) and, like Discord not answering, tried again in seconds while
   * the window is open; a member who left gets it when they come back.
   */
  async give(guild: Guild, userId: string, reason: string): Promise<GrantOutcome> {
    const context = this.context;
    if (!context) return { ok: false, failure: { kind: 'unavailable', reason: 'the bot is not connected' } };
    const key = vipWindowKey(guild.id, userId);
    let role: Role | null = context.vipRoles.find(guild);
    try {
      role = await context.vipRoles.ensure(guild);
      await guild.members.addRole({ user: userId, role: role.id, reason });
    } catch (error) {
      const failure = await failureOf(error, guild, role, context.vipRoles);
      if (failure.kind === 'not-a-member') {
        this.failures.delete(key);
        this.owed.delete(key);
        return { ok: false, failure };
      }
      const inARow = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, inARow);
      if (failure.kind === 'problem' && inARow === 1)
        await this.problems.failed(guild.id, 'grant', userId, failure.problem, failure.roleId);
      if (failure.kind === 'unavailable')
        context.logger.warn({ guildId: guild.id, userId, reason: failure.reason }, 'VIP role grant failed; retrying');
      this.owed.set(key, Date.now() + retryDelayMs(inARow));
      return { ok: false, failure };
    }
    this.given.set(key, this.state.vipWindows.get(key)?.until ?? Date.now());
    this.failures.delete(key);
    this.owed.delete(key);
    this.problems.worked(guild.id);
    return { ok: true, role };
  }

  /** A member came back: during their window they get the role again at once; after it, nothing. */
  memberJoined(member: GuildMember): void {
    const context = this.context;
    const window = this.state.vipWindows.get(vipWindowKey(member.guild.id, member.id));
    if (!context || !window || window.until <= Date.now() || !ownsGuild(context.client, member.guild.id)) return;
    void this.give(member.guild, member.id, 'VIP window still open: the member came back').then((outcome) => {
      if (outcome.ok)
        return context.log.post(member.guild.id, keyBotTexts.logRejoined(member.id, outcome.role.id, window.until), {
          userId: member.id,
          roleId: outcome.role.id,
        });
    });
  }

  /** Leaving takes every role away: the window's role is no longer given. */
  memberLeft(member: GuildMember | PartialGuildMember): void {
    const key = vipWindowKey(member.guild.id, member.id);
    this.given.delete(key);
    this.owed.delete(key);
  }

  private forget(key: string): void {
    this.given.delete(key);
    this.failures.delete(key);
    this.owed.delete(key);
  }

  private async retry(key: string): Promise<void> {
    const context = this.context;
    const window = this.state.vipWindows.get(key);
    if (!context) return;
    if (!window) {
      // a redemption's grant reaches the feed a moment after the answer: wait for it a while
      const inARow = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, inARow);
      if (inARow <= 10) this.owed.set(key, Date.now() + retryDelayMs(inARow));
      else this.forget(key);
      return;
    }
    if (window.until <= Date.now()) return this.forget(key);
    const guild = context.client.guilds.cache.get(window.guildId);
    if (!guild || !ownsGuild(context.client, window.guildId)) return this.forget(key);
    await this.give(guild, window.discordUserId, 'VIP window open: the role is owed');
  }
}
