import type { GreetingSettings } from '@vip/contracts';
import type { EventFeed, FedEvent } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';

export interface VipWindow {
  guildId: string;
  discordUserId: string;
  /** End of the window, ms since the epoch. */
  until: number;
}

export interface AutoPing {
  guildId: string;
  channelId: string;
  roleId: string | null;
  hours: number;
  startedAt: number;
}

interface KeyFigures {
  generated: number;
  redeemed: number;
}

/** The fold as a snapshot keeps it. */
export interface KeyBotStateSnapshot {
  greetings: [string, GreetingSettings][];
  vipRoleIds: [string, string][];
  logChannelIds: [string, string][];
  autoPings: [string, AutoPing][];
  vipWindows: [string, VipWindow][];
  keyFigures: [string, KeyFigures][];
}

export const vipWindowKey = (guildId: string, discordUserId: string) => `${guildId}:${discordUserId}`;

const handled = [
  'GreetingConfigured',
  'GreetingRemoved',
  'VipRoleChosen',
  'LogChannelSet',
  'AutoPingStarted',
  'AutoPingStopped',
  'VipRoleGranted',
  'VipRoleRemoved',
  'VipWindowEnded',
  'KeyGenerated',
  'KeyRedeemed',
] as const;

/**
 * What the key bot knows, folded from the log: each server's greeting, VIP role, log channel
 * and repeating ping, the open VIP windows, and the key figures /stats shows. Schedules
 * (role removals, pings) listen to the same feed after this fold.
 */
export class KeyBotState implements SnapshotPart<KeyBotStateSnapshot> {
  readonly name = 'state';
  readonly greetings = new Map<string, GreetingSettings>();
  readonly vipRoleIds = new Map<string, string>();
  readonly logChannelIds = new Map<string, string>();
  readonly autoPings = new Map<string, AutoPing>();
  readonly vipWindows = new Map<string, VipWindow>();
  private readonly keyFigures = new Map<string, KeyFigures>();

  attach(feed: EventFeed): void {
    feed.on(handled, (event) => this.apply(event));
  }

  saveState(): KeyBotStateSnapshot {
    return {
      greetings: [...this.greetings],
      vipRoleIds: [...this.vipRoleIds],
      logChannelIds: [...this.logChannelIds],
      autoPings: [...this.autoPings],
      vipWindows: [...this.vipWindows],
      keyFigures: [...this.keyFigures],
    };
  }

  restoreState(state: KeyBotStateSnapshot): void {
    refill(this.greetings, state.greetings);
    refill(this.vipRoleIds, state.vipRoleIds);
    refill(this.logChannelIds, state.logChannelIds);
    refill(this.autoPings, state.autoPings);
    refill(this.vipWindows, state.vipWindows);
    refill(this.keyFigures, state.keyFigures);
  }

  apply(event: FedEvent<(typeof handled)[number]>): void {
    switch (event.type) {
      case 'GreetingConfigured': {
        const { guildId, enabled, channelId, delay, message } = event.data;
        this.greetings.set(guildId, { enabled, channelId, delay, message });
        return;
      }
      case 'GreetingRemoved':
        this.greetings.delete(event.data.guildId);
        return;
      case 'VipRoleChosen':
        this.vipRoleIds.set(event.data.guildId, event.data.roleId);
        return;
      case 'LogChannelSet':
        this.logChannelIds.set(event.data.guildId, event.data.channelId);
        return;
      case 'AutoPingStarted': {
        const { guildId, channelId, roleId, hours, startedAt } = event.data;
        this.autoPings.set(guildId, { guildId, channelId, roleId, hours, startedAt: Date.parse(startedAt) });
        return;
      }
      case 'AutoPingStopped':
        this.autoPings.delete(event.data.guildId);
        return;
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until } = event.data;
        this.vipWindows.set(vipWindowKey(guildId, discordUserId), { guildId, discordUserId, until: Date.parse(until) });
        return;
      }
      case 'VipWindowEnded': {
        // ended early (an erasure): due now, so the bot takes the role back for this end
        const window = this.vipWindows.get(vipWindowKey(event.data.guildId, event.data.discordUserId));
        if (window) window.until = Date.parse(event.data.endedAt);
        return;
      }
      case 'VipRoleRemoved':
        this.vipWindows.delete(vipWindowKey(event.data.guildId, event.data.discordUserId));
        return;
      case 'KeyGenerated':
        this.figuresOf(event.data.guildId).generated++;
        return;
      case 'KeyRedeemed':
        this.figuresOf(event.data.guildId).redeemed++;
        return;
    }
  }

  private figuresOf(guildId: string) {
    let figures = this.keyFigures.get(guildId);
    if (!figures) this.keyFigures.set(guildId, (figures = { generated: 0, redeemed: 0 }));
    return figures;
  }

  /** /stats: real counts from the log, never estimates. */
  statsOf(guildId: string, now: number): { keysGenerated: number; keysRedeemed: number; activeVips: number } {
    const figures = this.keyFigures.get(guildId) ?? { generated: 0, redeemed: 0 };
    let activeVips = 0;
    for (const window of this.vipWindows.values()) if (window.guildId === guildId && window.until > now) activeVips++;
    return { keysGenerated: figures.generated, keysRedeemed: figures.redeemed, activeVips };
  }
}
