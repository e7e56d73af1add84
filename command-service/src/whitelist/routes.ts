import Router from '@koa/router';
import {
  addWhitelistEntryRequestSchema,
  removeWhitelistEntryRequestSchema,
  whitelistTexts,
  type AddWhitelistEntryResponse,
  type RemoveWhitelistEntryResponse,
} from '@vip/contracts';
import { requireAdmin, validateForm, waitForProjection } from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';

import { whitelistDecider, whitelistStream } from './whitelist.decider.ts';

const PROJECTION = 'whitelist';

/** POST /api/admin/whitelist and /api/admin/blacklist. */
export function whitelistRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post('/api/admin/whitelist', async (ctx) => {
    requireAdmin(ctx);
    const { userId, guildId, duration } = validateForm(addWhitelistEntryRequestSchema, ctx.request.body);
    const { events, position } = await handleCommand(
      deps.eventStore,
      whitelistDecider,
      whitelistStream(guildId, userId),
      { type: 'AddWhitelistEntry', userId, guildId, duration },
      commandContext(ctx),
    );
    // the manager refetches its list right after this answer
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const [added] = events;
    if (added?.type !== 'WhitelistEntryAdded')
      throw new Error('adding a whitelist entry decided no WhitelistEntryAdded');
    const body: AddWhitelistEntryResponse = { success: true, message: whitelistTexts.entryAdded, entry: added.data };
    ctx.status = 201;
    ctx.body = body;
  });

  // the spec's name for removing a whitelist entry; nobody is banned by it
  router.post('/api/admin/blacklist', async (ctx) => {
    requireAdmin(ctx);
    const { userId, guildId } = validateForm(removeWhitelistEntryRequestSchema, ctx.request.body);
    const { position } = await handleCommand(
      deps.eventStore,
      whitelistDecider,
      whitelistStream(guildId, userId),
      { type: 'RemoveWhitelistEntry', userId, guildId },
      commandContext(ctx),
    );
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const body: RemoveWhitelistEntryResponse = { success: true, message: whitelistTexts.entryRemoved };
    ctx.body = body;
  });

  return router;
}
