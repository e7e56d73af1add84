import { type GuildDocument, serverReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * What the key bot last reported of each server; a left server stays, marked absent. The
 * member count comes from its own events (GuildMemberCountReported), or, in a log written
 * before those, from the report that carried it (GuildReported v1).
 */
export const guildsProjector = defineProjector({
  name: 'guilds',
  collections: [serverReadModels.guilds],
  // the public totals and the debug list read the servers the bot is in, largest first
  indexes: { [serverReadModels.guilds]: [{ botPresent: 1, memberCount: -1 }] },
  handles: ['GuildReported', 'GuildLeft', 'GuildMemberCountReported'],
  async apply(event, documents) {
    const guilds = documents.of<GuildDocument>(serverReadModels.guilds);
    switch (event.type) {
      case 'GuildReported': {
        const { guildId, name, icon, memberCount, channels, missingPermissions, reportedAt } = event.data;
        const known = memberCount ?? (await guilds.get(guildId))?.memberCount ?? 0;
        guilds.set({
          _id: guildId,
          botPresent: true,
          name,
          icon,
          memberCount: known,
          channels,
          missingPermissions,
          reportedAt,
          leftAt: null,
        });
        return;
      }
      case 'GuildLeft': {
        const guild = await guilds.get(event.data.guildId);
        if (guild) guilds.set({ ...guild, botPresent: false, leftAt: event.data.leftAt });
        return;
      }
      case 'GuildMemberCountReported': {
        // the report route records a server's facts before its first count: a count never comes first
        const guild = await guilds.get(event.data.guildId);
        if (guild) guilds.set({ ...guild, memberCount: event.data.memberCount });
        return;
      }
    }
  },
});
