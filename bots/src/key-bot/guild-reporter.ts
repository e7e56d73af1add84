import type { GuildReportRequest } from '@vip/contracts';
import { ChannelType, type Guild, type GuildMember, type PartialGuildMember, PermissionFlagsBits } from 'discord.js';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { keyBotTexts } from './texts.ts';
import { botMember } from './vip-roles.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<
  'api' | 'client' | 'config' | 'log' | 'logger' | 'membersIntent' | 'roleProblems' | 'vipRoles'
>;

/** What the key bot needs in every server, by the names the panel shows. */
const NEEDED_PERMISSIONS = [
  ['Manage Roles', PermissionFlagsBits.ManageRoles],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
] as const;

type Report = GuildReportRequest & { missingPermissions: string[] };

interface ReporterSnapshot {
  reported: [string, string][];
  warned: [string, string][];
}

/**
 * Tells the product which servers the key bot is in and what they look like (name, icon,
 * member count, text channels, missing permissions). Joins, leaves and changes are reported
 * at once; member-count changes at most once per interval per server. A report the product
 * already has is not sent again: a start re-reports only the servers that changed meanwhile.
 */
export class GuildReporter implements KeyBotPart, SnapshotPart<ReporterSnapshot> {
  readonly name = 'reporter';
  /** A report waiting per server, and when it is due. */
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  /** The last report the product accepted per server, as text, so an unchanged one is not sent again. */
  private readonly reported = new Map<string, string>();
  /** The last warning posted per server, so a restart or a re-report does not repeat it. */
  private readonly warned = new Map<string, string>();

  /** Set once the client is ready: servers are reported from then on. */
  private context: Connected | undefined;

  saveState(): ReporterSnapshot {
    return { reported: [...this.reported], warned: [...this.warned] };
  }

  restoreState(state: ReporterSnapshot): void {
    refill(this.reported, state.reported);
    refill(this.warned, state.warned);
  }

  async reportOf(guild: Guild): Promise<Report> {
    const bot = await botMember(guild);
    const channels = [...guild.channels.cache.values()]
      .filter((channel) => channel.type === ChannelType.GuildText || channel.type === ChannelType.GuildAnnouncement)
      .sort((a, b) => ('rawPosition' in a && 'rawPosition' in b ? a.rawPosition - b.rawPosition : 0))
      .slice(0, 500)
      .map((channel) => ({ id: channel.id, name: channel.name.slice(0, 100) }));
    return {
      name: guild.name.slice(0, 100),
      icon: guild.icon,
      memberCount: guild.memberCount,
      channels,
      missingPermissions: NEEDED_PERMISSIONS.filter(([, flag]) => !bot.permissions.has(flag)).map(([name]) => name),
    };
  }

  /** Ready: every server whose report changed since the last one (each of them, without a snapshot). */
  start(context: Connected): void {
    this.context = context;
    void this.reportAll(context);
  }

  async report(guild: Guild): Promise<void> {
    clearTimeout(this.pending.get(guild.id)?.timer);
    this.pending.delete(guild.id);
    const context = this.context;
    if (!context) return;
    const log = context.logger.child({ guildId: guild.id });
    try {
      const report = await this.reportOf(guild);
      const text = JSON.stringify(report);
      if (this.reported.get(guild.id) !== text) {
        const { changed } = await context.api.reportGuild(guild.id, report);
        this.reported.set(guild.id, text);
        log.info(
          {
            memberCount: report.memberCount,
            channels: report.channels.length,
            missingPermissions: report.missingPermissions,
            changed,
          },
          'server reported',
        );
      }
      await this.warnAboutProblems(context, guild, report.missingPermissions);
    } catch (error) {
      log.error({ err: error }, 'could not report the server');
    }
  }

  /**
   * A report after a while, merging everything that changes meanwhile. Member counts move with
   * every join and leave: one report per interval is plenty.
   */
  reportSoon(guild: Guild, delayMs?: number): void {
    if (!this.context) return;
    const at = Date.now() + (delayMs ?? this.context.config.memberCountReportMs);
    const waiting = this.pending.get(guild.id);
    // a change that settles sooner (the bot's roles) does not wait for a member count's interval
    if (waiting && waiting.at <= at) return;
    clearTimeout(waiting?.timer);
    const timer = setTimeout(() => void this.report(guild), at - Date.now());
    timer.unref();
    this.pending.set(guild.id, { timer, at });
  }

  /** The member count moved: reported with the next interval's report. */
  memberJoined(member: GuildMember): void {
    this.reportSoon(member.guild);
  }

  memberLeft(member: GuildMember | PartialGuildMember): void {
    this.reportSoon(member.guild);
  }

  private async reportAll(context: Connected): Promise<void> {
    for (const guild of context.client.guilds.cache.values()) await this.report(guild);
  }

  async left(guildId: string): Promise<void> {
    clearTimeout(this.pending.get(guildId)?.timer);
    this.pending.delete(guildId);
    this.warned.delete(guildId);
    this.reported.delete(guildId);
    const context = this.context;
    if (!context) return;
    try {
      await context.api.leaveGuild(guildId);
      context.logger.info({ guildId }, 'left the server');
    } catch (error) {
      context.logger.error({ err: error, guildId }, 'could not report leaving the server');
    }
  }

  private async warnAboutProblems(context: Connected, guild: Guild, missingPermissions: string[]): Promise<void> {
    const problems: string[] = [];
    if (missingPermissions.length > 0) problems.push(keyBotTexts.warnMissingPermissions(missingPermissions));
    const role = context.vipRoles.find(guild);
    const bot = await botMember(guild);
    if (role && role.comparePositionTo(bot.roles.highest) >= 0) problems.push(keyBotTexts.warnRoleAbove(role.id));
    // an admin fixed what Discord refused (moved the bot's role, gave it Manage Roles): the card clears
    if (context.roleProblems.isOpen(guild.id) && !(await context.vipRoles.problemWith(guild, role)))
      context.roleProblems.worked(guild.id);
    if (!context.membersIntent) problems.push(keyBotTexts.warnNoMembersIntent);
    const text = problems.join('\n');
    if (text === (this.warned.get(guild.id) ?? '')) return;
    this.warned.set(guild.id, text);
    if (text) await context.log.post(guild.id, text, { problems: problems.length }, 'warn');
  }

  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.context = undefined;
  }
}
