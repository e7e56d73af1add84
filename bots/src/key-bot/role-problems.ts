import { randomUUID } from 'node:crypto';
import type { VipRoleAction, VipRoleProblem } from '@vip/contracts';
import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { KeyBotNeeds, KeyBotPart } from './key-bot-context.ts';
import { keyBotTexts } from './texts.ts';

/** What this part uses of the connected bot, and all it sees of it. */
type Connected = KeyBotNeeds<'api' | 'log' | 'logger'>;

/**
 * Failures said out loud (issue #21 item 4): when Discord refuses the bot a VIP role change
 * for a reason an admin must fix, the server's log channel says what to fix and the product
 * records it (the panel's server card shows it, the statistics count it); the next change
 * Discord accepts there records that it works again. Which servers have an open problem is a
 * fold of those events, and of the reports this process made that the feed has not yet passed.
 */
export class RoleProblems implements KeyBotPart, SnapshotPart<[string, VipRoleProblem][]> {
  readonly name = 'roleProblems';
  private readonly open = new Map<string, VipRoleProblem>();
  /** Each server's reports to the product, one after another: a fix never overtakes its failure. */
  private readonly reports = new Map<string, Promise<void>>();
  private context: Connected | undefined;

  attach(feed: EventFeed): void {
    feed.on(['VipRoleFailed', 'VipRoleFixed'], (event) => {
      if (event.type === 'VipRoleFailed') this.open.set(event.data.guildId, event.data.problem);
      else this.open.delete(event.data.guildId);
    });
  }

  saveState(): [string, VipRoleProblem][] {
    return [...this.open];
  }

  restoreState(state: [string, VipRoleProblem][]): void {
    refill(this.open, state);
  }

  start(context: Connected): void {
    this.context = context;
  }

  stop(): void {
    this.context = undefined;
  }

  /** A problem is open here (the panel shows it). */
  isOpen(guildId: string): boolean {
    return this.open.has(guildId);
  }

  /**
   * Discord refused a member's grant or removal: the log line first (it is written whether or
   * not the member's reply goes through), then the product's record, in the background.
   */
  async failed(
    guildId: string,
    action: VipRoleAction,
    userId: string,
    problem: VipRoleProblem,
    roleId: string | null,
  ): Promise<void> {
    const context = this.context;
    if (!context) return;
    this.open.set(guildId, problem);
    await context.log.post(
      guildId,
      keyBotTexts.logRoleProblem(action, userId, problem, roleId),
      { userId, action, problem, roleId },
      'warn',
    );
    const failureId = randomUUID();
    this.report(guildId, () =>
      context.api.vipRoleFailed(guildId, { discordUserId: userId, action, problem, roleId, failureId }),
    );
  }

  /** Discord accepted a change here (or the bot can manage the role again): an open problem is fixed. */
  worked(guildId: string): void {
    const context = this.context;
    if (!context || !this.open.has(guildId)) return;
    this.open.delete(guildId);
    void context.log.post(guildId, keyBotTexts.logRolesWorkAgain, { fixed: true });
    this.report(guildId, () => context.api.vipRoleFixed(guildId));
  }

  private report(guildId: string, call: () => Promise<unknown>): void {
    const logger = this.context?.logger;
    const next = (this.reports.get(guildId) ?? Promise.resolve()).then(call).then(
      () => undefined,
      (error: unknown) => logger?.error({ err: error, guildId }, 'could not record a VIP role problem'),
    );
    this.reports.set(guildId, next);
    void next.finally(() => {
      if (this.reports.get(guildId) === next) this.reports.delete(guildId);
    });
  }
}
