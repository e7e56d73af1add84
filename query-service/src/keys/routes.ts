import Router from '@koa/router';
import type { Context } from 'koa';
import {
  accessHashStatusOf,
  canonicalCode,
  keyReadModels,
  keysGeneratedCounterId,
  keyTexts,
  type AccessHashDocument,
  type AccessHashStatus,
  type GenerationCountResponse,
  type HashCheckResponse,
  type KeyCounterDocument,
} from '@vip/contracts';
import { digestOf } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

const answers: Record<AccessHashStatus, { status: number; message: string }> = {
  valid: { status: 200, message: keyTexts.hashValid },
  unknown: { status: 404, message: keyTexts.invalidHash },
  expired: { status: 410, message: keyTexts.hashExpired },
  used: { status: 410, message: keyTexts.hashUsed },
};

/** GET /api/hash/check|validate/:hash and /api/getGenerationCount. */
export function keyRoutes(deps: QueryDeps): Router {
  const router = new Router();
  const hashes = deps.readStore.collection<AccessHashDocument>(keyReadModels.accessHashes);
  const counters = deps.readStore.collection<KeyCounterDocument>(keyReadModels.keyCounters);

  // Reads never consume a link (decisions.md §5): only the POST that generates a key does.
  const checkHash = async (ctx: Context) => {
    const canonical = canonicalCode(String(ctx.params.hash ?? ''));
    const doc = canonical ? await hashes.findOne({ _id: digestOf(canonical) }) : null;
    const code = accessHashStatusOf(doc, new Date());
    const { status, message } = answers[code];
    // an expired or used link still names its server, so the page can offer a fresh link
    const body: HashCheckResponse = {
      success: code === 'valid',
      serverId: doc ? doc.guildId : null,
      message,
      error: code === 'valid' ? null : message,
      code,
    };
    ctx.status = status;
    ctx.body = body;
  };
  router.get('/api/hash/check/:hash', checkHash);
  router.get('/api/hash/validate/:hash', checkHash);

  router.get('/api/getGenerationCount', async (ctx) => {
    const counter = await counters.findOne({ _id: keysGeneratedCounterId });
    const body: GenerationCountResponse = { count: counter?.count ?? 0 };
    ctx.body = body;
  });

  return router;
}
