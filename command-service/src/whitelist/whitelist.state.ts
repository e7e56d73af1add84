import { type EventOf, personalStreams, type WhitelistDuration, whitelistEntryRuns } from '@vip/contracts';

/** Stream `whitelist-<guildId>-<pseudonym>`: one member on one server (the member's id never names the stream). */
export const whitelistStream = personalStreams.whitelist;

export type WhitelistEvent = EventOf<'WhitelistEntryAdded' | 'WhitelistEntryRemoved' | 'WhitelistRoleRemoved'>;

export interface WhitelistState {
  listed: boolean;
  duration: WhitelistDuration | null;
  expiresAt: string | null;
  /**
   * The bot reported the role settled since the entry last changed. An entry that is no longer
   * listed, or ran out, and is not settled is a role removal the bot still owes.
   */
  settled: boolean;
}

/** The entry gives the role at `now`: listed, and lifetime or not yet run out. */
export function entryStands(state: WhitelistState, now: Date): boolean {
  return state.listed && whitelistEntryRuns(state.expiresAt, now);
}

export const initialWhitelistState = (): WhitelistState => ({
  listed: false,
  duration: null,
  expiresAt: null,
  settled: true,
});

export function evolveWhitelist(state: WhitelistState, event: WhitelistEvent): WhitelistState {
  switch (event.type) {
    case 'WhitelistEntryAdded':
      return { listed: true, duration: event.data.duration, expiresAt: event.data.expiresAt, settled: false };
    // a role already taken back when the entry ran out is not owed a second time
    case 'WhitelistEntryRemoved':
      return { ...state, listed: false, duration: null, expiresAt: null };
    case 'WhitelistRoleRemoved':
      return { ...state, settled: true };
  }
}
