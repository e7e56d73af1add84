import { keysApi, type GenerateHashResponse } from '@vip/contracts';
import { digestOf, on, randomCode, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { isBotInServer } from '../guilds/bot-presence.ts';
import { visitorDigestOf } from '../visitors/visitor-digest.ts';
import { accessHashes } from './access-hash-commands.ts';

/** POST /api/hash/generate: a one-time link to a server's key page. */
export function accessHashRoutes(deps: CommandDeps): MountedRoute[] {
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
        const answer: GenerateHashResponse = { success: true, hash };
        return answer;
      },
      {
        rateLimit: {
          perMinute: deps.config.rateLimits.hashGeneration,
          keyOf: ({ ctx }) => visitorDigestOf(ctx, deps.keyring),
        },
        // the hash gate reads `success` and `message` (spec §3), so refusals keep that shape
        refusal: (error): GenerateHashResponse => ({
          success: false,
          error: error.message,
          message: error.message,
          code: error.code,
        }),
      },
    ),
  ];
}
