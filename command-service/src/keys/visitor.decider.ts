import type { Decider } from '../core/decider.ts';
import { type VisitorEvent, type VisitorState, visitorFold } from './visitor.state.ts';

export type VisitorCommand = {
  type: 'RecordVisit';
  visitorDigest: string;
  guildId: string | null;
  /** From the server's stream: a key page of a server without the key bot is no visit worth a record. */
  botInServer: boolean;
  /** The page load the call belongs to; absent, the call is a visit of its own. */
  pageLoadId?: string;
  /**
   * The last page loads of this address the day before, from its stream of that day (its digest
   * changes at midnight): a load whose first call came before midnight is recorded already.
   */
  pageLoadsDayBefore: readonly string[];
};

/**
 * One page load is one visit (issue #14): the key page sends both of its visit calls with the
 * same page-load id, and whichever arrives second finds the load recorded and adds nothing.
 * A visit to the key page of a server the bot is not in adds no history either (issue #18).
 * An address's stream is one of its days: a page load spanning midnight is looked for in both.
 */
export const visitorDecider: Decider<VisitorCommand, VisitorState, VisitorEvent> = {
  ...visitorFold,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RecordVisit': {
        const { visitorDigest, guildId, pageLoadId } = command;
        if (guildId !== null && !command.botInServer) return [];
        if (
          pageLoadId &&
          [state.recentPageLoads, command.pageLoadsDayBefore].some((loads) => loads.includes(pageLoadId))
        )
          return [];
        const data = { visitorDigest, guildId, visitedAt: now.toISOString() };
        return [{ type: 'VisitRecorded', data: pageLoadId ? { ...data, pageLoadId } : data }];
      }
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
