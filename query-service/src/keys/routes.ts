import {
  type AccessHashDocument,
  type AccessHashStatus,
  type AnswerOf,
  accessHashStatusOf,
  canonicalCode,
  type KeyCounterDocument,
  keyReadModels,
  keysApi,
  keysGeneratedCounterId,
  keyTexts,
} from '@vip/contracts';
import { answeredOnCtx, digestOf, type MountedRoute, on } from '@vip/platform';
import type { Context } from 'koa';
import type { QueryDeps } from '../deps.ts';

const answers: Record<AccessHashStatus, { status: number; message: string }> = {
  valid: { status: 200, message: keyTexts.hashValid },
  unknown: { status: 404, message: keyTexts.invalidHash },
  expired: { status: 410, message: keyTexts.hashExpired },
  used: { status: 410, message: keyTexts.hashUsed },
};

/** GET /api/hash/check|validate/:hash and /api/getGenerationCount. */
export function keyRoutes(deps: QueryDeps): MountedRoute[] {
  const hashes = deps.readStore.collection<AccessHashDocument>(keyReadModels.accessHashes);
  const counters = deps.readStore.collection<KeyCounterDocument>(keyReadModels.keyCounters);

  // Reads never consume a link (decisions.md §5): only the POST that generates a key does.
  const checkHash = async ({ ctx, params: { hash } }: { ctx: Context; params: { hash: string } }) => {
    const canonical = canonicalCode(hash);
    const doc = canonical ? await hashes.findOne({ _id: digestOf(canonical) }) : null;
    const code = accessHashStatusOf(doc, new Date());
    const { status, message } = answers[code];
    // an expired or used link still names its server, so the page can offer a fresh link
    const body: AnswerOf<typeof keysApi.checkHash> = {
      success: code === 'valid',
      serverId: doc ? doc.guildId : null,
      message,
      error: code === 'valid' ? null : message,
      code,
    };
    ctx.status = status;
    ctx.body = body;
    return answeredOnCtx;
  };

  return [
    on(keysApi.checkHash, checkHash),
    on(keysApi.validateHash, checkHash),
    on(keysApi.generationCount, async () => {
      const counter = await counters.findOne({ _id: keysGeneratedCounterId });
      return { count: counter?.count ?? 0 };
    }),
  ];
}
