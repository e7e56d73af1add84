import { type AddWhitelistEntryResponse, whitelistApi, whitelistTexts } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { whitelist } from './whitelist.commands.ts';

/** POST /api/admin/whitelist and /api/admin/blacklist; the key bot's POST /api/bot/whitelist/removed. */
export function whitelistRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    // one entry per server (spec §3 "one id or a list"): each is its own stream, renewed on its own
    on(whitelistApi.add, async ({ ctx, body: { userId, guildId: guildIds, duration, days } }) => {
      const context = commandContext(ctx);
      const entries: AddWhitelistEntryResponse['entries'] = [];
      for (const guildId of guildIds) {
        const { events } = await whitelist(
          deps,
          { type: 'AddWhitelistEntry', userId, guildId, duration, days: duration === 'days' ? (days ?? null) : null },
          context,
        );
        const [added] = events;
        if (added?.type !== 'WhitelistEntryAdded')
          throw new Error('adding a whitelist entry decided no WhitelistEntryAdded');
        entries.push(added.data);
      }
      return {
        success: true,
        message: entries.length === 1 ? whitelistTexts.entryAdded : whitelistTexts.entriesAdded(entries.length),
        entry: entries[0],
        entries,
      };
    }),

    // the spec's name for removing a whitelist entry; nobody is banned by it
    on(whitelistApi.remove, async ({ ctx, body: { userId, guildId } }) => {
      await whitelist(deps, { type: 'RemoveWhitelistEntry', userId, guildId }, commandContext(ctx));
      return { success: true, message: whitelistTexts.entryRemoved };
    }),

    on(whitelistApi.roleRemoved, async ({ ctx, body: { userId, guildId } }) => {
      const { events } = await whitelist(deps, { type: 'SettleWhitelistRole', userId, guildId }, commandContext(ctx));
      return { success: true, settled: events.length > 0 };
    }),
  ];
}
