import { commandHandlerFor } from '../core/command-handler.ts';
import { vipRoleDecider } from './vip-role.decider.ts';
import { vipRoleStream } from './vip-role.state.ts';
import { vipRoleProblemDecider } from './vip-role-problem.decider.ts';
import { vipRoleProblemStream } from './vip-role-problem.state.ts';

/** A member's VIP window: the key bot reads its answers back itself, so nothing waits for a projection. */
export const vipRoles = commandHandlerFor(vipRoleDecider, (command) =>
  vipRoleStream(command.guildId, command.discordUserId),
);

/** A server's VIP role problems, each decided on the stream's last event alone (vip-role-problem.state.ts). */
export const vipRoleProblems = commandHandlerFor(vipRoleProblemDecider, (command) =>
  vipRoleProblemStream(command.guildId),
);
