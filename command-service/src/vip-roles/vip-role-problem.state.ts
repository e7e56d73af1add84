import type { EventOf } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

/** Stream `vip-role-problems-<guildId>`: refusals of a server's VIP role changes, and their fixes. */
export const vipRoleProblemStream = (guildId: string) => `vip-role-problems-${guildId}`;

export type VipRoleProblemEvent = EventOf<'VipRoleFailed' | 'VipRoleFixed'>;

/**
 * What a decision needs, and each event states it whole: whether a problem is open, and the
 * last failure recorded (a repeated report of it is not news). So the stream, which grows with
 * refusals, is read from its last event alone.
 */
export interface VipRoleProblemState {
  open: boolean;
  lastFailureId: string | null;
}

export const initialVipRoleProblemState = (): VipRoleProblemState => ({ open: false, lastFailureId: null });

export function evolveVipRoleProblem(state: VipRoleProblemState, event: VipRoleProblemEvent): VipRoleProblemState {
  switch (event.type) {
    case 'VipRoleFailed':
      return { open: true, lastFailureId: event.data.failureId };
    case 'VipRoleFixed':
      return { ...state, open: false };
  }
}

/**
 * The stream grows with refusals, and each event states the whole state: a decision reads the
 * last event alone, and is appended at its revision (two reports racing: the second decides again).
 */
export const vipRoleProblemFold: Fold<VipRoleProblemState, VipRoleProblemEvent> = {
  initialState: initialVipRoleProblemState,
  evolve: evolveVipRoleProblem,
  reading: { kind: 'last-event', race: 'retry' },
};
