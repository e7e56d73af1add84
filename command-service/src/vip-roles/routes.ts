import { canonicalCode, vipRolesApi } from '@vip/contracts';
import { digestOf, type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { keyErrors } from '../keys/key.decider.ts';
import { keys } from '../keys/keys.commands.ts';
import { requireServerNotSuspended } from '../suspensions/suspensions.commands.ts';
import { openWindowEnd, type VipRoleState } from './vip-role.state.ts';
import { vipRoleProblems, vipRoles } from './vip-roles.commands.ts';

/**
 * The key bot's calls: a member redeems a key (Redeem Key button); a VIP window ended; Discord
 * refused the bot a VIP role change, or changes work again (issue #21 item 4).
 */
export function vipRoleRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(vipRolesApi.redeemKey, async ({ ctx, body: { guildId, discordUserId, key } }) => {
      const canonical = canonicalCode(key);
      if (!canonical) throw keyErrors.unknown();
      const keyDigest = digestOf(canonical);
      const context = commandContext(ctx);
      // a suspended server's keys are not honoured: the bot tells the member so
      await requireServerNotSuspended(deps.eventStore, guildId);

      // The key stream decides who wins: appended at the revision it was judged on, so of many
      // concurrent redemptions exactly one succeeds and the others find the key used. The
      // member who redeemed it may ask again: if a crash came between the key's write and the
      // role's, the retry grants the role (while the window it would have joined lasts); the
      // VIP stream grants each key once, and a retry whose first answer was lost gets that
      // answer again (the bot gives the role again).
      const redemption = await keys(deps, { type: 'RedeemKey', keyDigest, guildId, discordUserId }, context);
      const { events, state } = await vipRoles(
        deps,
        {
          type: 'GrantVipRole',
          guildId,
          discordUserId,
          keyDigest,
          redeemedAt: redemption.events.length > 0 ? null : redemption.state.redeemedAt,
          minutes: deps.config.vipRoleMinutes,
          maxHours: deps.config.vipMaxHours,
        },
        context,
      );
      const granted = events.find((event) => event.type === 'VipRoleGranted');
      const grant = granted
        ? {
            until: granted.data.until,
            extended: openWindowEnd(state, context.now) !== null,
            capped: granted.data.capped ?? false,
          }
        : grantStillOpen(state, keyDigest, context.now);
      // redeemed by this member before, and that window is over: the key is used
      if (!grant) throw keyErrors.used();
      return { success: true, guildId, discordUserId, ...grant };
    }),

    on(vipRolesApi.roleRemoved, async ({ ctx, body: { guildId, discordUserId, until } }) => {
      const context = commandContext(ctx);
      const { events, state } = await vipRoles(deps, { type: 'RemoveVipRole', guildId, discordUserId, until }, context);
      const removed = events.length > 0;
      const openEnd = removed ? null : openWindowEnd(state, context.now);
      return {
        success: true,
        guildId,
        discordUserId,
        removed,
        openUntil: openEnd === null ? null : new Date(openEnd).toISOString(),
      };
    }),

    on(vipRolesApi.failed, async ({ ctx, params: { id }, body }) => {
      const command = { type: 'RecordVipRoleFailure' as const, guildId: id, ...body };
      const { events } = await vipRoleProblems(deps, command, commandContext(ctx));
      return { success: true, changed: events.length > 0 };
    }),

    on(vipRolesApi.fixed, async ({ ctx, params: { id } }) => {
      const { events } = await vipRoleProblems(deps, { type: 'RecordVipRoleFixed', guildId: id }, commandContext(ctx));
      return { success: true, changed: events.length > 0 };
    }),
  ];
}

/**
 * The answer this key's grant gave, while the window it opened (or prolonged) still runs: the
 * same member redeeming the same key again (issue #13 item 7). Once the window is over, or
 * the bot took the role away, the key has done its work and is "used".
 */
function grantStillOpen(state: VipRoleState, keyDigest: string, now: Date) {
  const grant = Object.hasOwn(state.grants, keyDigest) ? state.grants[keyDigest] : undefined;
  if (!grant || openWindowEnd(state, now) === null || Date.parse(grant.until) <= now.getTime()) return null;
  return { until: grant.until, extended: grant.extended, capped: grant.capped };
}
