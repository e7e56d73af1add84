import { keysApi, type VisitCountResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import type { Context } from 'koa';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { isBotInServer } from '../guilds/bot-presence.ts';
import { visitorDecider, visitorStream } from './visitor.decider.ts';
import { visitorDigestOf } from './visitor-digest.ts';

const visits = commandHandlerFor(visitorDecider, (command) => visitorStream(command.visitorDigest));

/** Visits to the key pages: counted per address, stored only under the address's keyed digest. */
export function visitorRoutes(deps: CommandDeps): MountedRoute[] {
  // every visit is an event: the limit bounds how fast one client can grow the log
  const rateLimit = {
    perMinute: deps.config.rateLimits.hashGeneration,
    keyOf: ({ ctx }: { ctx: Context }) => visitorDigestOf(ctx, deps.keyring),
  };

  /**
   * Records the page load (once, whichever of its two calls comes first) and answers the page
   * loads of this address so far, this one included; the page of a server the bot is not in
   * records nothing. The stream is read: the decision needs the loads already recorded, and
   * two calls racing for one load meet at the append.
   */
  const recordVisit = async (ctx: Context, guildId: string | null, pageLoadId: string | undefined) => {
    const visitorDigest = visitorDigestOf(ctx, deps.keyring);
    const botInServer = guildId !== null && (await isBotInServer(deps, guildId));
    const { state, events } = await visits(
      deps,
      { type: 'RecordVisit', visitorDigest, guildId, botInServer, pageLoadId },
      commandContext(ctx),
    );
    return events.reduce(visitorDecider.evolve, state).visits;
  };

  return [
    on(
      keysApi.trackVisitor,
      async ({ ctx, body: { serverId, pageLoadId } }) => {
        await recordVisit(ctx, serverId, pageLoadId);
        return { success: true };
      },
      { rateLimit },
    ),

    on(
      keysApi.trackIpVisit,
      async ({ ctx, body: { serverId, pageLoadId } }) => {
        const answer: VisitCountResponse = { visitCount: await recordVisit(ctx, serverId ?? null, pageLoadId) };
        return answer;
      },
      { rateLimit },
    ),
  ];
}
