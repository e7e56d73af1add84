import type { Logger } from '@vip/platform';
import { ownsGuild } from '../shared/discord-client.ts';
import { DueTimers } from '../shared/due-timers.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { type KeyBotState, vipWindowKey } from './key-bot-state.ts';
import { failureOf, retryDelayMs } from './role-failures.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<
  'api' | 'client' | 'log' | 'logger' | 'roleProblems' | 'state' | 'vipRoleGrants' | 'vipRoles' | 'whitelistRoles'
>;

/**
 * Takes the VIP role back when a window ends. The schedule is the fold of VipRoleGranted /
 * VipRoleRemoved, so it survives restarts: windows that ended while the bot was down are
 * closed as soon as it is back, and a prolonged window (a second key) moves its removal.
 * After removing, the bot reports it; the VipRoleRemoved that follows closes the window.
 */
export class VipRoleExpiry implements KeyBotPart {
  readonly name = 'vipRoleExpiry';
  private readonly timers: DueTimers<string>;
  /** Failed attempts in a row per window, for the wait before the next one. */
  private readonly failures = new Map<string, number>();
  private context: Connected | undefined;

  constructor(
    private readonly state: KeyBotState,
    logger: Logger,
  ) {
    this.timers = new DueTimers((key) => this.expire(key), logger, 'vip-role-expiry');
  }

  attach(feed: EventFeed): void {
    feed.on(['VipRoleGranted', 'VipWindowEnded', 'VipRoleRemoved'], (event) => {
      const key = vipWindowKey(event.data.guildId, event.data.discordUserId);
      if (event.type === 'VipRoleGranted') this.timers.set(key, Date.parse(event.data.until));
      else if (event.type === 'VipWindowEnded') this.timers.set(key, Date.parse(event.data.endedAt));
      else {
        this.timers.delete(key);
        this.failures.delete(key);
      }
    });
  }

  start(context: Connected): void {
    this.context = context;
    // the windows may come from a snapshot, which keeps no timers: one removal per open window
    for (const [key, window] of this.state.vipWindows) this.timers.set(key, window.until);
    this.timers.start();
  }

  stop(): void {
    this.timers.stop();
    this.context = undefined;
  }

  /** When the window of this member ends, for tests and /stats. */
  dueAt(guildId: string, discordUserId: string): number | undefined {
    return this.timers.get(vipWindowKey(guildId, discordUserId));
  }

  /** The removal did not happen: again in seconds (never minutes), until it is made or the member is gone. */
  private tryAgain(key: string): number {
    const inARow = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, inARow);
    this.timers.set(key, Date.now() + retryDelayMs(inARow));
    return inARow;
  }

  private async expire(key: string): Promise<void> {
    if (!this.context) return;
    const { client, state, vipRoles, vipRoleGrants, api, log, logger, whitelistRoles, roleProblems } = this.context;
    const window = state.vipWindows.get(key);
    if (!window) return; // removed meanwhile
    if (window.until > Date.now()) return this.timers.set(key, window.until); // prolonged meanwhile
    const { guildId, discordUserId } = window;
    if (!ownsGuild(client, guildId)) return; // another shard holds this server

    const guild = client.guilds.cache.get(guildId);
    let roleId: string | null = null;
    // a standing whitelist entry keeps the role: the window is over all the same
    if (guild && !whitelistRoles.holds(guildId, discordUserId)) {
      try {
        roleId = (await vipRoles.remove(guild, discordUserId))?.id ?? null;
        roleProblems.worked(guildId);
      } catch (error) {
        const failure = await failureOf(error, guild, vipRoles.find(guild), vipRoles);
        const inARow = this.tryAgain(key);
        if (failure.kind === 'problem' && inARow === 1)
          await roleProblems.failed(guildId, 'remove', discordUserId, failure.problem, failure.roleId);
        else if (failure.kind === 'unavailable')
          logger.warn({ guildId, userId: discordUserId, reason: failure.reason }, 'VIP role removal failed; retrying');
        return;
      }
    }
    // not in the server any more: nobody holds the role there, the window is over all the same
    let openUntil: string | null;
    try {
      ({ openUntil } = await api.vipRoleRemoved(guildId, discordUserId, window.until));
    } catch (error) {
      logger.error({ err: error, guildId, userId: discordUserId }, 'could not report a VIP role removal');
      this.tryAgain(key);
      return;
    }
    this.failures.delete(key);
    if (openUntil !== null) {
      // a key redeemed while the role was being taken (its grant may have come first): the
      // window goes on, so the member gets the role back and its removal moves to the new end
      this.timers.set(key, Date.parse(openUntil));
      if (guild) await vipRoleGrants.give(guild, discordUserId, 'VIP window still open: a key was redeemed meanwhile');
      return;
    }
    if (guild)
      await log.post(guildId, keyBotTexts.logRemoved(discordUserId, roleId), { userId: discordUserId, roleId });
  }
}
