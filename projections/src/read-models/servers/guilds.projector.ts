import { serverReadModels, type GuildDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** What the key bot last reported of each server; a left server stays, marked absent. */
export const guildsProjector = defineProjector({
  name: 'guilds',
  collections: [serverReadModels.guilds],
  // the public totals and the debug list read the servers the bot is in, largest first
  indexes: { [serverReadModels.guilds]: [{ botPresent: 1, memberCount: -1 }] },
  handles: ['GuildReported', 'GuildLeft'],
  async apply(event, documents) {
    const guilds = documents.of<GuildDocument>(serverReadModels.guilds);
    switch (event.type) {
      case 'GuildReported': {
        const { guildId, name, icon, memberCount, channels, missingPermissions, reportedAt } = event.data;
        guilds.set({
          _id: guildId,
          botPresent: true,
          name,
          icon,
          memberCount,
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
    }
  },
});
