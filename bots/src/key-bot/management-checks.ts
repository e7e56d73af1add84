import { configDefaults, type ManagementCheckAnswer } from '@vip/contracts';
import type { Guild } from 'discord.js';
import { ownsGuild } from '../shared/discord-client.ts';
import type { EventFeed, FedEvent } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'api' | 'client' | 'logger'>;

interface PendingCheck {
  checkId: string;
  guildId: string;
  discordUserId: string;
  requestedAt: number;
}

/**
 * The third way to prove management (decisions.md §9): the panel asks (ManagementCheckRequested),
 * the shard that holds the server reads the member through Discord's REST API and answers
 * with what it saw; the product decides and records the proof. Checks answered in the log,
 * or older than the panel waits for, are not carried out again after a restart.
 */
export class ManagementChecks implements KeyBotPart, SnapshotPart<[string, PendingCheck][]> {
  readonly name = 'managementChecks';
  private readonly pending = new Map<string, PendingCheck>();
  /** Set once the client is ready: checks are carried out from then on. */
  private context: Connected | undefined;

  attach(feed: EventFeed): void {
    feed.on(['ManagementCheckRequested', 'ManagementCheckAnswered'], (event) => this.apply(event));
  }

  saveState(): [string, PendingCheck][] {
    return [...this.pending];
  }

  restoreState(state: [string, PendingCheck][]): void {
    refill(this.pending, state);
  }

  private apply(event: FedEvent<'ManagementCheckRequested' | 'ManagementCheckAnswered'>): void {
    if (event.type === 'ManagementCheckAnswered') {
      this.pending.delete(event.data.checkId);
      return;
    }
    const { checkId, guildId, discordUserId, requestedAt } = event.data;
    this.pending.set(checkId, { checkId, guildId, discordUserId, requestedAt: Date.parse(requestedAt) });
    if (this.context) void this.carryOut(checkId);
  }

  /** The client is ready: carry out what is still waiting, then each request as it comes. */
  start(context: Connected): void {
    this.context = context;
    for (const checkId of this.pending.keys()) void this.carryOut(checkId);
  }

  stop(): void {
    this.context = undefined;
  }

  private async carryOut(checkId: string): Promise<void> {
    const check = this.pending.get(checkId);
    if (!check || !this.context) return;
    const { client, logger, api } = this.context;
    const waitedMs = configDefaults.discordIdentity.managementCheckMinutes * 60_000;
    if (Date.now() - check.requestedAt > waitedMs) {
      this.pending.delete(checkId);
      return;
    }
    // another shard's server, or one this bot is no longer in: that shard (or nobody) answers
    const guild = client.guilds.cache.get(check.guildId);
    if (!ownsGuild(client, check.guildId) || !guild) return;
    this.pending.delete(checkId);
    try {
      const answer = await this.memberIn(guild, check.discordUserId);
      const { manages } = await api.answerManagementCheck(checkId, answer);
      logger.info({ guildId: check.guildId, checkId, manages }, 'management check answered');
    } catch (error) {
      logger.warn({ err: error, guildId: check.guildId, checkId }, 'management check failed');
    }
  }

  /** The member as Discord has them now (fetched, not cached): owner, and permissions from their roles. */
  private async memberIn(guild: Guild, discordUserId: string): Promise<ManagementCheckAnswer> {
    const seen = { name: guild.name, icon: guild.icon };
    const member = await guild.members.fetch({ user: discordUserId, force: true }).catch(() => null);
    if (!member) return { guild: seen, member: null };
    return {
      guild: seen,
      member: {
        id: member.id,
        username: member.user.globalName ?? member.user.username,
        avatar: member.user.avatar,
        permissions: member.permissions.bitfield.toString(),
        owner: guild.ownerId === member.id,
      },
    };
  }
}
