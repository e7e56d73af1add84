import { type BotSettingsDocument, botReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

const blank = (guildId: string): BotSettingsDocument => ({
  _id: guildId,
  vipRoleId: null,
  logChannelId: null,
  autoPing: null,
});

/** Each server's key-bot settings (VIP role, log channel, repeating ping), for the panel. */
export const botSettingsProjector = defineProjector({
  name: 'bot-settings',
  collections: [botReadModels.botSettings],
  handles: ['VipRoleChosen', 'LogChannelSet', 'AutoPingStarted', 'AutoPingStopped'],
  async apply(event, documents) {
    const settings = documents.of<BotSettingsDocument>(botReadModels.botSettings);
    const { guildId } = event.data;
    const current = (await settings.get(guildId)) ?? blank(guildId);
    // every branch sets a value from the event alone, so applying an event twice changes nothing
    switch (event.type) {
      case 'VipRoleChosen':
        settings.set({ ...current, vipRoleId: event.data.roleId });
        return;
      case 'LogChannelSet':
        settings.set({ ...current, logChannelId: event.data.channelId });
        return;
      case 'AutoPingStarted': {
        const { channelId, roleId, hours, startedAt } = event.data;
        settings.set({ ...current, autoPing: { channelId, roleId, hours, startedAt } });
        return;
      }
      case 'AutoPingStopped':
        settings.set({ ...current, autoPing: null });
        return;
    }
  },
});
