import { keysApi, type VisitCountResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import type { Context } from 'koa';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
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
   * No history can refuse a visit, so it is appended without reading the stream (`any`); the
   * revision the append reached is the number of visits so far, this one included.
   */
  const recordVisit = async (ctx: Context, guildId: string | null): Promise<number> => {
    const visitorDigest = visitorDigestOf(ctx, deps.keyring);
    const { revision } = await visits(deps, { type: 'RecordVisit', visitorDigest, guildId }, commandContext(ctx), {
      withoutReading: 'any',
    });
    return revision! + 1;
  };

  return [
    on(
      keysApi.trackVisitor,
      async ({ ctx, body: { serverId } }) => {
        await recordVisit(ctx, serverId);
        return { success: true };
      },
      { rateLimit },
    ),

    on(
      keysApi.trackIpVisit,
      async ({ ctx }) => {
        const answer: VisitCountResponse = { visitCount: await recordVisit(ctx, null) };
        return answer;
      },
      { rateLimit },
    ),
  ];
}
