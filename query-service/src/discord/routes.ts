import {
  botInviteUrl,
  type DiscordAccountDocument,
  discordApi,
  discordAvatarUrl,
  discordReadModels,
  type GuildDocument,
  isVerifiedClaim,
  type ManagedServerClaim,
  type ManagementCheckDocument,
  type ServerOwnerDocument,
  serverReadModels,
} from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** Where a server stands for the user who manages it: theirs, free, or another subscriber's. */
function claimOf(owner: ServerOwnerDocument | undefined, userId: string): ManagedServerClaim {
  if (!owner) return 'free';
  const verified = isVerifiedClaim(owner);
  if (owner.userId === userId) return verified ? 'yours' : 'yours-unverified';
  return verified ? 'taken' : 'unverified-claim';
}

/** GET /api/auth/discord and /api/user/discord: sign-in options, the linked account and the servers it manages. */
export function discordRoutes(deps: QueryDeps): MountedRoute[] {
  const { readStore, config } = deps;
  return [
    on(discordApi.signInOptions, () => {
      return {
        enabled: Boolean(config.discordClientId && config.discordClientSecret),
        signUp: config.discordSignUp,
      };
    }),

    on(discordApi.userDiscord, async ({ user }) => {
      const [account, checks] = await Promise.all([
        readStore.collection<DiscordAccountDocument>(discordReadModels.discordAccounts).findOne({ _id: user.id }),
        readStore
          .collection<ManagementCheckDocument>(discordReadModels.managementChecks)
          .find({ userId: user.id }, { sort: { requestedAt: -1, _id: 1 }, limit: 20 }),
      ]);
      const ids = account?.managed.map((server) => server.guildId) ?? [];
      const [guilds, owners] = await Promise.all([
        readStore.collection<GuildDocument>(serverReadModels.guilds).find({ _id: { $in: ids } }),
        readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners).find({ _id: { $in: ids } }),
      ]);
      const guildOf = new Map(guilds.map((guild) => [guild._id, guild]));
      const ownerOf = new Map(owners.map((owner) => [owner._id, owner]));
      return {
        account: account && {
          id: account.discordUserId,
          username: account.username,
          avatar: discordAvatarUrl(account.discordUserId, account.avatar),
        },
        managedServers: (account?.managed ?? []).map((server) => {
          const guild = guildOf.get(server.guildId);
          return {
            id: server.guildId,
            // the bot's latest view of the server, else what Discord showed at the proof
            name: guild?.name ?? server.name,
            icon: guild ? guild.icon : server.icon,
            via: server.via,
            botInServer: guild?.botPresent ?? false,
            inviteUrl: botInviteUrl(config.discordClientId, server.guildId),
            claim: claimOf(ownerOf.get(server.guildId), user.id),
          };
        }),
        checks: checks.map((check) => ({
          checkId: check._id,
          guildId: check.guildId,
          status: check.status,
          requestedAt: check.requestedAt,
        })),
      };
    }),
  ];
}
