import Router from '@koa/router';
import {
  canonicalCode,
  redeemKeyRequestSchema,
  vipRoleRemovedRequestSchema,
  type Actor,
  type RedeemKeyResponse,
  type VipRoleRemovedResponse,
} from '@vip/contracts';
import { digestOf, requireBot, validate } from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { keyDecider, keyErrors, keyStream } from '../keys/key.decider.ts';
import { openWindowEnd, vipRoleDecider, vipRoleStream } from './vip-role.decider.ts';

const keyBot: Actor = { kind: 'bot', id: 'key-bot' };

/** The key bot's calls: a member redeems a key (Redeem Key button); a VIP window ended. */
export function vipRoleRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post('/api/bot/keys/redeem', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const { guildId, discordUserId, key } = validate(redeemKeyRequestSchema, ctx.request.body);
    const canonical = canonicalCode(key);
    if (!canonical) throw keyErrors.unknown();
    const keyDigest = digestOf(canonical);
    const context = commandContext(ctx, keyBot);

    // The key stream decides who wins: appended at the revision it was judged on, so of many
    // concurrent redemptions exactly one succeeds and the others find the key used. The
    // member who redeemed it may ask again: if a crash came between the key's write and the
    // role's, the retry grants the role; the VIP stream grants each key once.
    await handleCommand(
      deps.eventStore,
      keyDecider,
      keyStream(keyDigest),
      { type: 'RedeemKey', keyDigest, guildId, discordUserId },
      context,
    );
    const { events, state } = await handleCommand(
      deps.eventStore,
      vipRoleDecider,
      vipRoleStream(guildId, discordUserId),
      { type: 'GrantVipRole', guildId, discordUserId, keyDigest, minutes: deps.config.vipRoleMinutes },
      context,
    );
    const granted = events.find((event) => event.type === 'VipRoleGranted');
    // redeemed by this member before, and the role it granted is on record: the key is used
    if (!granted) throw keyErrors.used();

    const body: RedeemKeyResponse = {
      success: true,
      guildId,
      discordUserId,
      until: granted.data.until,
      extended: openWindowEnd(state, context.now) !== null,
    };
    ctx.body = body;
  });

  router.post('/api/bot/vip/removed', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const { guildId, discordUserId } = validate(vipRoleRemovedRequestSchema, ctx.request.body);
    const { events } = await handleCommand(
      deps.eventStore,
      vipRoleDecider,
      vipRoleStream(guildId, discordUserId),
      { type: 'RemoveVipRole', guildId, discordUserId },
      commandContext(ctx, keyBot),
    );
    const body: VipRoleRemovedResponse = { success: true, guildId, discordUserId, removed: events.length > 0 };
    ctx.body = body;
  });

  return router;
}
