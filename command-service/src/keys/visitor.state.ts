import type { EventOf } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

/**
 * Stream `visitor-<digest>`: the visits of one address on one UTC day, named by its digest with
 * that day's key only (platform's VisitorDigests); the key's destruction after the retention
 * leaves nothing that links the stream to the address.
 */
export const visitorStream = (visitorDigest: string) => `visitor-${visitorDigest}`;

export type VisitorEvent = EventOf<'VisitRecorded'>;

export interface VisitorState {
  /** Page loads of the key pages that day (a v1 twin is not one). */
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

/** Every page load from one address (a school's NAT, a carrier's): read from a snapshot. Version 1: the state above. */
export const visitorFold: Fold<VisitorState, VisitorEvent> = {
  initialState: initialVisitorState,
  evolve: evolveVisitor,
  reading: { kind: 'snapshot', version: 1 },
};
