import {
  type GuildDocument,
  isPremium,
  planHoldingOf,
  type ServerOwnerDocument,
  type ServerSponsorDocument,
  type SubscriptionDocument,
  serverReadModels,
  sponsorReadModels,
  sponsorsApi,
  subscriptionReadModels,
} from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { holderOf } from '../servers/servers.queries.ts';
import { ownSponsorUrl, shownSponsorUrl } from './sponsors.queries.ts';

/** GET /api/server/:id/sponsor (the server's sponsor step) and the admins' list of sponsor links. */
export function sponsorRoutes(deps: QueryDeps): MountedRoute[] {
  const owners = () => deps.readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners);

  return [
    on(sponsorsApi.listServerSponsors, async () => {
      const own = await deps.readStore
        .collection<ServerSponsorDocument>(sponsorReadModels.serverSponsors)
        .find({}, { sort: { setAt: -1, _id: 1 } });
      const guilds = await deps.readStore
        .collection<GuildDocument>(serverReadModels.guilds)
        .find({ _id: { $in: own.map((sponsor) => sponsor._id) } });
      const nameOf = new Map(guilds.map((guild) => [guild._id, guild.name]));
      return {
        sponsors: own.map(({ _id, sponsorUrl, setAt }) => ({
          serverId: _id,
          serverName: nameOf.get(_id) ?? null,
          sponsorUrl,
          setAt,
        })),
      };
    }),

    on(
      sponsorsApi.serverSponsor,
      async ({ params: { id } }) => {
        const owner = await owners().findOne({ _id: id });
        const subscription = owner
          ? await deps.readStore
              .collection<SubscriptionDocument>(subscriptionReadModels.subscriptions)
              .findOne({ _id: owner.userId })
          : null;
        const premium = isPremium(planHoldingOf(subscription, new Date()));
        const own = await ownSponsorUrl(deps.readStore, id);
        return {
          serverId: id,
          sponsorUrl: own,
          siteSponsorUrl: deps.config.sponsorUrl ?? null,
          shownUrl: shownSponsorUrl(own, deps.config.sponsorUrl, premium),
          premium,
        };
      },
      {
        authorize: ({ user, params: { id } }) => requireServerHolder(user, () => holderOf(deps.readStore, id)),
      },
    ),
  ];
}
