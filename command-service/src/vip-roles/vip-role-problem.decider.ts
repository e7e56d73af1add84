import type { EventOf, VipRoleAction, VipRoleProblem } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `vip-role-problems-<guildId>`: refusals of a server's VIP role changes, and their fixes. */
export const vipRoleProblemStream = (guildId: string) => `vip-role-problems-${guildId}`;

export type VipRoleProblemEvent = EventOf<'VipRoleFailed' | 'VipRoleFixed'>;

export type VipRoleProblemCommand =
  | {
      type: 'RecordVipRoleFailure';
      guildId: string;
      discordUserId: string;
      action: VipRoleAction;
      problem: VipRoleProblem;
      roleId: string | null;
      failureId: string;
    }
  | { type: 'RecordVipRoleFixed'; guildId: string };

/**
 * What a decision needs, and each event states it whole: whether a problem is open, and the
 * last failure recorded (a repeated report of it is not news). So the stream, which grows with
 * refusals, is read from its last event alone.
 */
export interface VipRoleProblemState {
  open: boolean;
  lastFailureId: string | null;
}

export const vipRoleProblemDecider: Decider<VipRoleProblemCommand, VipRoleProblemState, VipRoleProblemEvent> = {
  initialState: () => ({ open: false, lastFailureId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'VipRoleFailed':
        return { open: true, lastFailureId: event.data.failureId };
      case 'VipRoleFixed':
        return { ...state, open: false };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'RecordVipRoleFailure': {
        if (state.lastFailureId === command.failureId) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'VipRoleFailed', data: { ...data, failedAt: now.toISOString() } }];
      }
      case 'RecordVipRoleFixed':
        if (!state.open) return [];
        return [{ type: 'VipRoleFixed', data: { guildId: command.guildId, fixedAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};
