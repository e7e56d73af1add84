import type { EventOf } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `visitor-<digest>`: the visits of one address, named by its keyed digest only. */
export const visitorStream = (visitorDigest: string) => `visitor-${visitorDigest}`;

export type VisitorEvent = EventOf<'VisitRecorded'>;

export type VisitorCommand = {
  type: 'RecordVisit';
  visitorDigest: string;
  guildId: string | null;
  /** From the server's stream: a key page of a server without the key bot is no visit worth a record. */
  botInServer: boolean;
  /** The page load the call belongs to; absent, the call is a visit of its own. */
  pageLoadId?: string;
};

export interface VisitorState {
  /** Page loads of the key pages (a v1 twin is not one). */
  visits: number;
  /** The last page loads recorded: a load's second call comes within seconds of its first. */
  recentPageLoads: string[];
}

const RECENT_PAGE_LOADS = 16;

export const initialVisitorState = (): VisitorState => ({ visits: 0, recentPageLoads: [] });

export function evolveVisitor(state: VisitorState, event: VisitorEvent): VisitorState {
  const { twin, pageLoadId } = event.data;
  if (twin) return state;
  return {
    visits: state.visits + 1,
    recentPageLoads: pageLoadId
      ? [...state.recentPageLoads, pageLoadId].slice(-RECENT_PAGE_LOADS)
      : state.recentPageLoads,
  };
}

/**
 * One page load is one visit (issue #14): the key page sends both of its visit calls with the
 * same page-load id, and whichever arrives second finds the load recorded and adds nothing.
 * A visit to the key page of a server the bot is not in adds no history either (issue #18).
 */
export const visitorDecider: Decider<VisitorCommand, VisitorState, VisitorEvent> = {
  // every page load from one address (a school's NAT, a carrier's): read from a snapshot
  reading: { kind: 'snapshot', version: 1 },
  initialState: initialVisitorState,
  evolve: evolveVisitor,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RecordVisit': {
        const { visitorDigest, guildId, pageLoadId } = command;
        if (guildId !== null && !command.botInServer) return [];
        if (pageLoadId && state.recentPageLoads.includes(pageLoadId)) return [];
        const data = { visitorDigest, guildId, visitedAt: now.toISOString() };
        return [{ type: 'VisitRecorded', data: pageLoadId ? { ...data, pageLoadId } : data }];
      }
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
