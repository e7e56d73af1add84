import { botReadModels, type BotSettingsDocument } from '@vip/contracts';
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
  async apply(event, store) {
    const settings = store.collection<BotSettingsDocument>(botReadModels.botSettings);
    const { guildId } = event.data;
    const current = (await settings.findOne({ _id: guildId })) ?? blank(guildId);
    // every branch sets a value from the event alone, so applying an event twice changes nothing
    let next: BotSettingsDocument;
    switch (event.type) {
      case 'VipRoleChosen':
        next = { ...current, vipRoleId: event.data.roleId };
        break;
      case 'LogChannelSet':
        next = { ...current, logChannelId: event.data.channelId };
        break;
      case 'AutoPingStarted': {
        const { channelId, roleId, hours, startedAt } = event.data;
        next = { ...current, autoPing: { channelId, roleId, hours, startedAt } };
        break;
      }
      case 'AutoPingStopped':
        next = { ...current, autoPing: null };
        break;
    }
    await settings.replaceOne({ _id: guildId }, next, { upsert: true });
  },
});
