import Router from '@koa/router';
import { canonicalCode, generateKeyRequestSchema, type GenerateKeyResponse } from '@vip/contracts';
import { digestOf, randomCode, rateLimit, validate } from '@vip/platform';
import { accessHashDecider, accessHashErrors, accessHashStream } from '../access-hashes/access-hash.decider.ts';
import { handleCommand, toNewEvents } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { visitorDigestOf } from '../visitors/visitor-digest.ts';
import { keyDecider, keyStream } from './key.decider.ts';
import { serverStanding } from './server-standing.ts';

/**
 * POST /api/keys/generateKey: the hot path of the product (benchmarked), so it reads only the
 * streams the decision needs and answers as soon as the key is in the log. Nobody re-reads a
 * key at once, so there is no wait for the projections.
 */
export function keyGenerationRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const limit = rateLimit({
    perMinute: deps.config.rateLimits.keyGeneration,
    keyOf: (ctx) => visitorDigestOf(ctx, deps.keyring),
  });

  router.post('/api/keys/generateKey', limit, async (ctx) => {
    const { guildId, hash } = validate(generateKeyRequestSchema, ctx.request.body);
    const context = commandContext(ctx);
    const key = randomCode(16);
    const keyDigest = digestOf(key);
    const standing = await serverStanding(deps.eventStore, guildId, context.now);
    const canonicalHash = hash ? canonicalCode(hash) : null;
    const accessHashDigest = canonicalHash ? digestOf(canonicalHash) : null;

    // A fresh random key has no history: decide on the initial state and let `no_stream`
    // below prove it, instead of reading an empty stream first.
    const [generated] = keyDecider.decide(
      {
        type: 'GenerateKey',
        keyDigest,
        guildId,
        botInServer: standing.botInServer,
        tier: standing.tier,
        lifetimeHours: deps.config.keyLifetimeHours,
        visitorDigest: visitorDigestOf(ctx, deps.keyring),
        accessHashDigest,
      },
      keyDecider.initialState(),
      context.now,
    );
    if (generated.type !== 'KeyGenerated') throw new Error('key generation decided something else');

    if (hash) {
      if (!accessHashDigest) throw accessHashErrors.unknown();
      // Consume the link FIRST, at the revision it was judged on: of two concurrent uses
      // exactly one appends, the other is decided again, finds it used, and gets 410.
      await handleCommand(
        deps.eventStore,
        accessHashDecider,
        accessHashStream(accessHashDigest),
        { type: 'UseAccessHash', hashDigest: accessHashDigest, guildId, keyDigest },
        context,
      );
    }
    await deps.eventStore.append(keyStream(keyDigest), toNewEvents([generated], context.metadata), 'no_stream');

    const { noAds, tier, expiresAt } = generated.data;
    const body: GenerateKeyResponse = { key, noAds, tier, expiresAt };
    ctx.body = body;
  });

  return router;
}
