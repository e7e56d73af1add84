import {
  projections,
  whitelistApi,
  whitelistTexts,
  type AddWhitelistEntryResponse,
  type RemoveWhitelistEntryResponse,
} from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { whitelistDecider, whitelistStream } from './whitelist.decider.ts';

// the manager refetches its list right after these answers
const whitelist = commandHandlerFor(whitelistDecider, (command) => whitelistStream(command.guildId, command.userId), {
  readYourWrites: projections.whitelist,
});

/** POST /api/admin/whitelist and /api/admin/blacklist. */
export function whitelistRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(whitelistApi.add, async ({ ctx, body: { userId, guildId, duration } }) => {
      const { events } = await whitelist(
        deps,
        { type: 'AddWhitelistEntry', userId, guildId, duration },
        commandContext(ctx),
      );
      const [added] = events;
      if (added?.type !== 'WhitelistEntryAdded')
        throw new Error('adding a whitelist entry decided no WhitelistEntryAdded');
      const answer: AddWhitelistEntryResponse = {
        success: true,
        message: whitelistTexts.entryAdded,
        entry: added.data,
      };
      return answer;
    }),

    // the spec's name for removing a whitelist entry; nobody is banned by it
    on(whitelistApi.remove, async ({ ctx, body: { userId, guildId } }) => {
      await whitelist(deps, { type: 'RemoveWhitelistEntry', userId, guildId }, commandContext(ctx));
      const answer: RemoveWhitelistEntryResponse = { success: true, message: whitelistTexts.entryRemoved };
      return answer;
    }),
  ];
}
