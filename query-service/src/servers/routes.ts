import {
  type AnswerOf,
  type BotNotInServerResponse,
  botInviteUrl,
  configDefaults,
  discordTexts,
  errorCodes,
  type GuildDocument,
  isPremium,
  isVerifiedClaim,
  planHoldingOf,
  type ServerOwnerDocument,
  type SubscriptionDocument,
  type SuspensionDocument,
  serverReadModels,
  serversApi,
  serverTexts,
  subscriptionReadModels,
  suspensionReadModels,
  type UserServersDocument,
  type VipRoleProblemDocument,
  vipRoleAccuracyReadModels,
} from '@vip/contracts';
import { answeredOnCtx, DomainError, type MountedRoute, mayActOnServer, on, requireServerHolder } from '@vip/platform';
import type { Context } from 'koa';
import type { QueryDeps } from '../deps.ts';
import { ownSponsorUrl, shownSponsorUrl } from '../sponsors/sponsors.queries.ts';
import { serverSuspendedError, suspensionOf } from '../suspensions/suspensions.queries.ts';
import { serverClaimOf, serverSetupOf, serverTotals } from './servers.queries.ts';

/** GET /api/server/..., /api/user/servers. */
export function serverRoutes(deps: QueryDeps): MountedRoute[] {
  const guilds = () => deps.readStore.collection<GuildDocument>(serverReadModels.guilds);
  const subscriptionOf = (userId: string) =>
    deps.readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions).findOne({ _id: userId });

  /** The server, when the bot is in it; otherwise a 404 that tells how to invite it. */
  const presentGuild = async (ctx: Context, guildId: string): Promise<GuildDocument | null> => {
    const guild = await guilds().findOne({ _id: guildId, botPresent: true });
    if (guild) return guild;
    const body: BotNotInServerResponse = {
      inviteUrl: botInviteUrl(deps.config.discordClientId, guildId),
      message: serverTexts.botNotInServer,
      error: serverTexts.botNotInServer,
    };
    ctx.status = 404;
    ctx.body = body;
    return null;
  };

  return [
    // the fixed paths first: "debug" and "stats" are not server ids
    on(serversApi.debugGuilds, async ({ user }) => {
      const largestFirst = { sort: { memberCount: -1, _id: 1 }, projection: { name: 1, memberCount: 1 } } as const;
      let listed: GuildDocument[];
      if (user?.isAdmin) listed = await guilds().find({ botPresent: true }, largestFirst);
      else {
        // what the landing page's strip shows, and no more (issue #19 item 4)
        const suspended = await deps.readStore
          .collection<SuspensionDocument>(suspensionReadModels.suspensions)
          .find({}, { projection: { _id: 1 } });
        listed = await guilds().find(
          { botPresent: true, _id: { $nin: suspended.map((suspension) => suspension._id) } },
          { ...largestFirst, limit: configDefaults.topGuildsInStrip },
        );
      }
      return {
        guilds: listed.map((guild) => ({ id: guild._id, name: guild.name, memberCount: guild.memberCount })),
      };
    }),

    on(serversApi.serverStats, async () => {
      return await serverTotals(deps.readStore);
    }),

    on(serversApi.serverInfo, async ({ ctx, user, params: { id } }) => {
      const guild = await presentGuild(ctx, id);
      if (!guild) return answeredOnCtx;
      const [owner, suspension, roleProblem] = await Promise.all([
        deps.readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners).findOne({ _id: guild._id }),
        suspensionOf(deps.readStore, guild._id),
        deps.readStore
          .collection<VipRoleProblemDocument>(vipRoleAccuracyReadModels.problems)
          .findOne({ _id: guild._id }),
      ]);
      const ownerOrAdmin = !!user && mayActOnServer(user, owner?.userId ?? null);
      // a suspended server's key page shows the 403 Restricted screen; its owner's panel says why
      if (suspension && !ownerOrAdmin) throw serverSuspendedError();
      const subscription = owner ? await subscriptionOf(owner.userId) : null;
      const body: AnswerOf<typeof serversApi.serverInfo> = {
        id: guild._id,
        name: guild.name,
        icon: guild.icon,
        memberCount: guild.memberCount,
        // a premium owner's visitors see no sponsor step
        noAds: isPremium(planHoldingOf(subscription, new Date())),
        sponsorUrl: null,
      };
      // decisions.md §3: the server's own sponsor link, else the site's; never on a premium server
      const ownSponsor = await ownSponsorUrl(deps.readStore, guild._id);
      body.sponsorUrl = shownSponsorUrl(ownSponsor, deps.config.sponsorUrl, body.noAds);
      // the owner's panel warns about permissions the bot lacks; visitors need not know
      if (ownerOrAdmin) body.missingPermissions = guild.missingPermissions;
      if (ownerOrAdmin && suspension)
        body.suspension = { reason: suspension.reason, suspendedAt: suspension.suspendedAt };
      // the panel's setup checklist; the key page's visitors need none of it (nor its two reads)
      if (ownerOrAdmin) body.setup = await serverSetupOf(deps.readStore, guild._id);
      if (ownerOrAdmin && roleProblem) {
        const { action, problem, roleId, since } = roleProblem;
        body.roleProblem = { action, problem, roleId, since };
      }
      return body;
    }),

    on(
      serversApi.serverChannels,
      async ({ ctx, params: { id } }) => {
        const guild = await presentGuild(ctx, id);
        if (!guild) return answeredOnCtx;
        return guild.channels.map((channel) => ({ id: channel.id, name: channel.name }));
      },
      {
        // decisions.md §9: the bot acts only on a verified owner's settings, so only they pick a channel
        authorize: async ({ user, params: { id } }) => {
          const claim = user.isAdmin ? null : await serverClaimOf(deps.readStore, id);
          await requireServerHolder(user, async () => claim?.userId ?? null);
          if (claim && !isVerifiedClaim(claim))
            throw new DomainError('forbidden', discordTexts.unverifiedClaim, errorCodes.managementUnproven);
        },
      },
    ),

    on(serversApi.userServers, async ({ user }) => {
      const [slots, subscription] = await Promise.all([
        deps.readStore.collection<UserServersDocument>(serverReadModels.userServers).findOne({ _id: user.id }),
        subscriptionOf(user.id),
      ]);
      const servers = slots?.servers ?? [];
      const claims = await deps.readStore
        .collection<ServerOwnerDocument>(serverReadModels.serverOwners)
        .find({ _id: { $in: servers } });
      const verified = new Set(
        claims.filter((claim) => claim.userId === user.id && isVerifiedClaim(claim)).map((claim) => claim._id),
      );
      return {
        servers,
        maxSlots: subscription?.maxSlots ?? deps.config.defaultServerSlots,
        // decisions.md §9: the panel asks to verify these; the bot ignores their settings
        unverified: servers.filter((id) => !verified.has(id)),
      };
    }),
  ];
}
