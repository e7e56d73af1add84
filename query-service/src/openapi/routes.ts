import Router from '@koa/router';
import { apiCatalogue, buildOpenApi } from '@vip/contracts';

/** GET /api/openapi.json: generated once from the catalogue's zod schemas. */
export function openApiRoutes(): Router {
  const router = new Router();
  let document: Record<string, unknown> | undefined;
  router.get('/api/openapi.json', (ctx) => {
    document ??= buildOpenApi(apiCatalogue, { title: 'VIP access API', version: '1.0.0' });
    ctx.body = document;
  });
  return router;
}
