import { serversApi, serverTexts, type ServerSlotsChangedResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { addSubscriberServer, changeSubscriberServer, type SlotsChange } from './server-slots.ts';

const answer = ({ servers, maxSlots }: SlotsChange, message: string): ServerSlotsChangedResponse => ({
  success: true,
  message,
  servers,
  maxSlots,
});

/** POST /api/user/add-server and /api/user/update-server: a subscriber's server slots. */
export function userServerRoutes(deps: CommandDeps): MountedRoute[] {
  const defaultSlots = deps.config.defaultServerSlots;
  return [
    on(serversApi.addServer, async ({ ctx, user, body: { guildId } }) => {
      const change = await addSubscriberServer(deps, { userId: user.id, guildId, defaultSlots }, commandContext(ctx));
      return answer(change, serverTexts.serverAdded);
    }),

    on(serversApi.updateServer, async ({ ctx, user, body: { oldId, newId } }) => {
      const change = await changeSubscriberServer(
        deps,
        { userId: user.id, oldGuildId: oldId, newGuildId: newId, defaultSlots },
        commandContext(ctx),
      );
      return answer(change, serverTexts.serverUpdated);
    }),
  ];
}
