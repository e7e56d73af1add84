import Router from '@koa/router';
import { generateHashRequestSchema, keyProjections, type GenerateHashResponse } from '@vip/contracts';
import { DomainError, digestOf, randomCode, rateLimit, statusOfKind, validate, waitForProjection } from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { visitorDigestOf } from '../visitors/visitor-digest.ts';
import { isBotInServer } from '../guilds/guild.state.ts';
import { accessHashDecider, accessHashStream } from './access-hash.decider.ts';

/** POST /api/hash/generate: a one-time link to a server's key page. */
export function accessHashRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const limit = rateLimit({
    perMinute: deps.config.rateLimits.hashGeneration,
    keyOf: (ctx) => visitorDigestOf(ctx, deps.keyring),
  });

  router.post('/api/hash/generate', limit, async (ctx) => {
    try {
      const { serverId } = validate(generateHashRequestSchema, ctx.request.body);
      // the hash itself goes to the visitor only; the log keeps its digest
      const hash = randomCode(16);
      const hashDigest = digestOf(hash);
      const botInServer = await isBotInServer(deps.eventStore, serverId);
      const { position } = await handleCommand(
        deps.eventStore,
        accessHashDecider,
        accessHashStream(hashDigest),
        {
          type: 'IssueAccessHash',
          hashDigest,
          guildId: serverId,
          botInServer,
          lifetimeMinutes: deps.config.accessHashLifetimeMinutes,
        },
        commandContext(ctx),
      );
      // the hash gate validates the link right after this answer: let the check find it
      if (position !== null) await waitForProjection(deps.readStore, keyProjections.accessHashes, position);
      const body: GenerateHashResponse = { success: true, hash };
      ctx.body = body;
    } catch (error) {
      // the hash gate reads `success` and `message` (spec §3), so refusals keep that shape
      if (!(error instanceof DomainError)) throw error;
      const body: GenerateHashResponse = {
        success: false,
        error: error.message,
        message: error.message,
        code: error.code,
      };
      ctx.status = statusOfKind[error.kind];
      ctx.body = body;
    }
  });

  return router;
}
