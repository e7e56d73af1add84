import {
  type DiscordAccountDocument,
  discordReadModels,
  erasedPerson,
  type ManagementCheckDocument,
  projections,
} from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * Each panel user's linked Discord account and the servers it was last seen managing (the
 * Add-server picker, the admin's Subscribers screen), and the role checks the panel asked
 * the key bot for. Every update sets what the event says, so a redelivery changes nothing.
 */
export const discordAccountsProjector = defineProjector({
  name: projections.discordAccounts,
  collections: [discordReadModels.discordAccounts, discordReadModels.managementChecks],
  indexes: {
    [discordReadModels.discordAccounts]: [{ discordUserId: 1 }],
    [discordReadModels.managementChecks]: [{ userId: 1, requestedAt: -1 }],
  },
  handles: [
    'DiscordAccountLinked',
    'DiscordProfileRefreshed',
    'DiscordAccountUnlinked',
    'ServerManagementProven',
    'ServerManagementLapsed',
    'ManagementCheckRequested',
    'ManagementCheckAnswered',
  ],
  async apply(event, documents) {
    const accounts = documents.of<DiscordAccountDocument>(discordReadModels.discordAccounts);
    const checks = documents.of<ManagementCheckDocument>(discordReadModels.managementChecks);
    switch (event.type) {
      case 'DiscordAccountLinked': {
        const { userId, discordUserId, username, avatar, linkedAt } = event.data;
        // an erased account is linked nowhere: its erasure removed it from the live model
        if (discordUserId === erasedPerson) return;
        accounts.set({ _id: userId, discordUserId, username, avatar, linkedAt, managed: [] });
        return;
      }
      case 'DiscordProfileRefreshed': {
        const account = await accounts.get(event.data.userId);
        if (account) accounts.set({ ...account, username: event.data.username, avatar: event.data.avatar });
        return;
      }
      case 'DiscordAccountUnlinked':
        accounts.delete(event.data.userId);
        return;
      case 'ServerManagementProven': {
        const { userId, guildId, name, icon, via, provenAt } = event.data;
        const account = await accounts.get(userId);
        if (!account) return;
        const proof = { guildId, name, icon, via, provenAt };
        const known = account.managed.some((server) => server.guildId === guildId);
        const managed = known
          ? account.managed.map((server) => (server.guildId === guildId ? proof : server))
          : [...account.managed, proof];
        accounts.set({ ...account, managed });
        return;
      }
      case 'ServerManagementLapsed': {
        const account = await accounts.get(event.data.userId);
        if (!account) return;
        const managed = account.managed.filter((server) => server.guildId !== event.data.guildId);
        accounts.set({ ...account, managed });
        return;
      }
      case 'ManagementCheckRequested': {
        const { checkId, userId, guildId, requestedAt } = event.data;
        checks.set({ _id: checkId, userId, guildId, status: 'pending', requestedAt, answeredAt: null });
        return;
      }
      case 'ManagementCheckAnswered': {
        const check = await checks.get(event.data.checkId);
        if (!check) return;
        const status = event.data.manages ? 'proven' : 'refused';
        checks.set({ ...check, status, answeredAt: event.data.answeredAt });
        return;
      }
    }
  },
});
