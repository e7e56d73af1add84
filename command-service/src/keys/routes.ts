import { canonicalCode, type GenerateHashResponse, keysApi } from '@vip/contracts';
import { clientAddress, clientKey, clientNetworkKey, digestOf, type MountedRoute, on, randomCode } from '@vip/platform';
import type { Context } from 'koa';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { isBotInServer } from '../servers/servers.reads.ts';
import { requireServerNotSuspended } from '../suspensions/suspensions.commands.ts';
import { accessHashErrors } from './access-hash.decider.ts';
import { accessHashes, keys, serverStanding } from './keys.commands.ts';
import { recordVisit } from './visits.ts';

/**
 * The key pages' calls: a one-time link to a server's key page (POST /api/hash/generate), a key
 * (POST /api/keys/generateKey), and the visits of the pages, counted per address and stored only
 * under the address's digest of the day (VisitorDigests: its key is destroyed after the retention).
 * The per-minute limits count the address's keyed digest (platform's clientKey) instead: a
 * window of a minute must not restart at midnight, and it is kept only while it runs.
 */
export function keyRoutes(deps: CommandDeps): MountedRoute[] {
  // a newcomer when a limit's share of the counter is full: counted with its network, not refused
  const coarserKeysOf = ({ ctx }: { ctx: Context }) => [clientNetworkKey(ctx, deps.keyring)];
  // every visit and every one-time link is an event: the limit bounds how fast one client can grow the log
  const rateLimit = {
    perMinute: deps.config.rateLimits.hashGeneration,
    keyOf: ({ ctx }: { ctx: Context }) => clientKey(ctx, deps.keyring),
    coarserKeysOf,
  };

  /** The page load recorded once, whichever of its two calls comes first; the page loads of the address today. */
  const visit = async (ctx: Context, guildId: string | null, pageLoadId: string | undefined) => {
    const botInServer = guildId !== null && (await isBotInServer(deps, guildId));
    return recordVisit(deps, { address: clientAddress(ctx), guildId, botInServer, pageLoadId }, commandContext(ctx));
  };

  return [
    on(
      keysApi.generateHash,
      async ({ ctx, body: { serverId } }) => {
        // the hash itself goes to the visitor only; the log keeps its digest
        const hash = randomCode(16);
        const hashDigest = digestOf(hash);
        const botInServer = await isBotInServer(deps, serverId);
        await accessHashes(
          deps,
          {
            type: 'IssueAccessHash',
            hashDigest,
            guildId: serverId,
            botInServer,
            lifetimeMinutes: deps.config.accessHashLifetimeMinutes,
          },
          commandContext(ctx),
          { withoutReading: 'new' },
        );
        return { success: true, hash };
      },
      {
        rateLimit,
        // the hash gate reads `success` and `message` (spec §3), so refusals keep that shape
        refusal: (error): GenerateHashResponse => ({
          success: false,
          error: error.message,
          message: error.message,
          code: error.code,
        }),
      },
    ),

    // the hot path of the product (benchmarked): it reads only the streams the decision needs and
    // answers as soon as the key is in the log
    on(
      keysApi.generateKey,
      async ({ ctx, body: { guildId, hash } }) => {
        const context = commandContext(ctx);
        const key = randomCode(16);
        const keyDigest = digestOf(key);
        // a suspended server gets no keys (403, the Restricted screen's words); read beside the standing
        const [standing, visitorDigest] = await Promise.all([
          serverStanding(deps, guildId, context.now),
          deps.visitorDigests.of(clientAddress(ctx), context.now),
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
          visitorDigest,
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
        return { key, noAds, tier, expiresAt };
      },
      {
        rateLimit: {
          perMinute: deps.config.rateLimits.keyGeneration,
          keyOf: ({ ctx }) => clientKey(ctx, deps.keyring),
          coarserKeysOf,
        },
      },
    ),

    on(
      keysApi.trackVisitor,
      async ({ ctx, body: { serverId, pageLoadId } }) => {
        await visit(ctx, serverId, pageLoadId);
        return { success: true };
      },
      { rateLimit },
    ),

    on(
      keysApi.trackIpVisit,
      async ({ ctx, body: { serverId, pageLoadId } }) => {
        return { visitCount: await visit(ctx, serverId ?? null, pageLoadId) };
      },
      { rateLimit },
    ),
  ];
}

const digestOrNull = (canonical: string | null) => (canonical ? digestOf(canonical) : null);
