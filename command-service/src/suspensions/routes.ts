import { projections, suspensionsApi, suspensionTexts, type SuspensionChangedResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { suspensionDecider, suspensionStream } from './suspension.decider.ts';

// the admin's list of suspended servers reloads right after these answers
const suspensions = commandHandlerFor(suspensionDecider, (command) => suspensionStream(command.guildId), {
  readYourWrites: { projection: projections.suspensions, ifLate: 'answer' },
});

/** Admins suspend a server (abuse, non-payment) with a reason, and lift it. */
export function suspensionRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(suspensionsApi.suspend, async ({ ctx, params: { id }, body: { reason } }) => {
      await suspensions(deps, { type: 'SuspendServer', guildId: id, reason }, commandContext(ctx));
      const answer: SuspensionChangedResponse = {
        success: true,
        message: suspensionTexts.suspended,
        guildId: id,
        suspended: true,
      };
      return answer;
    }),

    on(suspensionsApi.lift, async ({ ctx, params: { id } }) => {
      await suspensions(deps, { type: 'LiftSuspension', guildId: id }, commandContext(ctx));
      const answer: SuspensionChangedResponse = {
        success: true,
        message: suspensionTexts.lifted,
        guildId: id,
        suspended: false,
      };
      return answer;
    }),
  ];
}
