import {
  defaultVerificationMessage,
  planIncludes,
  plansWithText,
  slotLimitsOf,
  type VerificationMessageDocument,
  verificationMessageApi,
  verificationMessageReadModels,
} from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { holderOf } from '../servers/servers.queries.ts';
import { serverOwnerStanding } from '../subscriptions/subscriptions.queries.ts';

/** GET /api/verification-message/:serverId: the message /send posts there, and whether the plan includes one of the owner's own. */
export function verificationMessageRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(
      verificationMessageApi.get,
      async ({ params: { serverId } }) => {
        const [saved, standing] = await Promise.all([
          deps.readStore
            .collection<VerificationMessageDocument>(verificationMessageReadModels.verificationMessages)
            .findOne({ _id: serverId }),
          serverOwnerStanding(deps.readStore, serverId, slotLimitsOf(deps.config), new Date()),
        ]);
        const included = planIncludes(standing?.holding ?? null, 'customVerificationMessage');
        return {
          message: saved
            ? {
                title: saved.title,
                description: saved.description,
                buttonLabel: saved.buttonLabel,
                color: saved.color,
              }
            : defaultVerificationMessage,
          custom: saved !== null,
          included,
          inUse: saved && included ? 'custom' : 'default',
          unlockedBy: plansWithText('customVerificationMessage'),
          readOnly: standing?.readOnlyServers.includes(serverId) ?? false,
        };
      },
      {
        authorize: ({ user, params: { serverId } }) =>
          requireServerHolder(user, () => holderOf(deps.readStore, serverId)),
      },
    ),
  ];
}
