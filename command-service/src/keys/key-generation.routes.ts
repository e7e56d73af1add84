import { canonicalCode, keysApi, type GenerateKeyResponse } from '@vip/contracts';
import { digestOf, on, randomCode, type MountedRoute } from '@vip/platform';
import { accessHashErrors } from '../access-hashes/access-hash.decider.ts';
import { accessHashes } from '../access-hashes/access-hash-commands.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { visitorDigestOf } from '../visitors/visitor-digest.ts';
import { keys } from './key-commands.ts';
import { serverStanding } from './server-standing.ts';
import { requireServerNotSuspended } from '../suspensions/server-suspension.ts';

/**
 * POST /api/keys/generateKey: the hot path of the product (benchmarked), so it reads only the
 * streams the decision needs and answers as soon as the key is in the log.
 */
export function keyGenerationRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(
      keysApi.generateKey,
      async ({ ctx, body: { guildId, hash } }) => {
        const context = commandContext(ctx);
        const key = randomCode(16);
        const keyDigest = digestOf(key);
        // a suspended server gets no keys (403, the Restricted screen's words); read beside the standing
        const [standing] = await Promise.all([
          serverStanding(deps, guildId, context.now),
          requireServerNotSuspended(deps.eventStore, guildId),
        ]);
        const accessHashDigest = hash ? digestOrNull(canonicalCode(hash)) : null;
        const command = {
          type: 'GenerateKey' as const,
          keyDigest,
          guildId,
          botInServer: standing.botInServer,
          tier: standing.tier,
          lifetimeHours: deps.config.keyLifetimeHours,
          visitorDigest: visitorDigestOf(ctx, deps.keyring),
          accessHashDigest,
        };
        // A fresh random key has no history: decided on the initial state, `no_stream` proves it.
        const { events } = await keys(deps, command, context, {
          withoutReading: 'new',
          // The link is consumed once the key is decided and before it is written, at the revision
          // it was judged on: of two concurrent uses exactly one appends, the other finds it used (410).
          beforeAppend: async () => {
            if (!hash) return;
            if (!accessHashDigest) throw accessHashErrors.unknown();
            await accessHashes(
              deps,
              { type: 'UseAccessHash', hashDigest: accessHashDigest, guildId, keyDigest },
              context,
            );
          },
        });
        const [generated] = events;
        if (generated?.type !== 'KeyGenerated') throw new Error('key generation decided something else');
        const { noAds, tier, expiresAt } = generated.data;
        const answer: GenerateKeyResponse = { key, noAds, tier, expiresAt };
        return answer;
      },
      {
        rateLimit: {
          perMinute: deps.config.rateLimits.keyGeneration,
          keyOf: ({ ctx }) => visitorDigestOf(ctx, deps.keyring),
        },
      },
    ),
  ];
}

const digestOrNull = (canonical: string | null) => (canonical ? digestOf(canonical) : null);
