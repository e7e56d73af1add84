import { suspensionsApi, suspensionTexts } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { suspensions } from './suspensions.commands.ts';

/** Admins suspend a server (abuse, non-payment) with a reason, and lift it. */
export function suspensionRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(suspensionsApi.suspend, async ({ ctx, params: { id }, body: { reason } }) => {
      await suspensions(deps, { type: 'SuspendServer', guildId: id, reason }, commandContext(ctx));
      return {
        success: true,
        message: suspensionTexts.suspended,
        guildId: id,
        suspended: true,
      };
    }),

    on(suspensionsApi.lift, async ({ ctx, params: { id } }) => {
      await suspensions(deps, { type: 'LiftSuspension', guildId: id }, commandContext(ctx));
      return {
        success: true,
        message: suspensionTexts.lifted,
        guildId: id,
        suspended: false,
      };
    }),
  ];
}
