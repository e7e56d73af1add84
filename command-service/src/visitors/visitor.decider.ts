import type { EventOf } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `visitor-<digest>`: the visits of one address, named by its keyed digest only. */
export const visitorStream = (visitorDigest: string) => `visitor-${visitorDigest}`;

export type VisitorEvent = EventOf<'VisitRecorded'>;

export type VisitorCommand = { type: 'RecordVisit'; visitorDigest: string; guildId: string | null };

export interface VisitorState {
  visits: number;
}

/**
 * A visit is always recorded: no history can refuse it. That is why the route appends
 * without reading the stream, and reads the count off the revision the append reached.
 */
export const visitorDecider: Decider<VisitorCommand, VisitorState, VisitorEvent> = {
  initialState: () => ({ visits: 0 }),
  evolve: (state) => ({ visits: state.visits + 1 }),
  decide: (command, _state, now) => {
    switch (command.type) {
      case 'RecordVisit': {
        const { visitorDigest, guildId } = command;
        return [{ type: 'VisitRecorded', data: { visitorDigest, guildId, visitedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command.type;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
