import Router from '@koa/router';
import type { Context } from 'koa';
import { trackIpVisitRequestSchema, trackVisitorRequestSchema, type VisitCountResponse } from '@vip/contracts';
import { rateLimit, validate } from '@vip/platform';
import { toNewEvents } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { visitorDecider, visitorStream } from './visitor.decider.ts';
import { visitorDigestOf } from './visitor-digest.ts';

/** Visits to the key pages: counted per address, stored only under the address's keyed digest. */
export function visitorRoutes(deps: CommandDeps): Router {
  const router = new Router();
  // every visit is an event: the limit bounds how fast one client can grow the log
  const limit = () =>
    rateLimit({ perMinute: deps.config.rateLimits.hashGeneration, keyOf: (ctx) => visitorDigestOf(ctx, deps.keyring) });

  router.post('/api/keys/trackVisitor', limit(), async (ctx) => {
    const { serverId } = validate(trackVisitorRequestSchema, ctx.request.body);
    await recordVisit(deps, ctx, serverId);
    ctx.body = { success: true };
  });

  router.post('/api/trackIpVisit', limit(), async (ctx) => {
    validate(trackIpVisitRequestSchema, ctx.request.body);
    const body: VisitCountResponse = { visitCount: await recordVisit(deps, ctx, null) };
    ctx.body = body;
  });

  return router;
}

/**
 * No history can refuse a visit, so the visit is appended without reading the stream
 * (`any`); the revision the append reached is the number of visits so far, this one included.
 */
async function recordVisit(deps: CommandDeps, ctx: Context, guildId: string | null): Promise<number> {
  const visitorDigest = visitorDigestOf(ctx, deps.keyring);
  const context = commandContext(ctx);
  const events = visitorDecider.decide(
    { type: 'RecordVisit', visitorDigest, guildId },
    visitorDecider.initialState(),
    context.now,
  );
  const written = await deps.eventStore.append(
    visitorStream(visitorDigest),
    toNewEvents(events, context.metadata),
    'any',
  );
  return written.nextRevision + 1;
}
