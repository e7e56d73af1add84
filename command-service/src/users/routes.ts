import { subscriptionsApi, type ResetPasswordResponse } from '@vip/contracts';
import { on, passwords, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { users } from './register-user.ts';

/** A signed-in user's own account: POST /api/user/reset-password. */
export function userRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(subscriptionsApi.resetPassword, async ({ ctx, user }) => {
      // decisions.md §4: the panel password is never shown again, only replaced
      const password = passwords.generate();
      const passwordHash = await passwords.hash(password);
      await users(deps, { type: 'ChangePassword', userId: user.id, passwordHash }, commandContext(ctx));
      const answer: ResetPasswordResponse = { password };
      return answer;
    }),
  ];
}
