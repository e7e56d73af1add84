import type { VipRoleAction, VipRoleProblem } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import { type VipRoleProblemEvent, type VipRoleProblemState, vipRoleProblemFold } from './vip-role-problem.state.ts';

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

export const vipRoleProblemDecider: Decider<VipRoleProblemCommand, VipRoleProblemState, VipRoleProblemEvent> = {
  ...vipRoleProblemFold,
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
