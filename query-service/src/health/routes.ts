import { apiCatalogue, buildOpenApi, healthApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';

/** GET /api/openapi.json: generated once from the catalogue's zod schemas. */
export function healthRoutes(): MountedRoute[] {
  let document: Record<string, unknown> | undefined;
  return [
    on(healthApi.openApi, () => {
      document ??= buildOpenApi(apiCatalogue, { title: 'VIP access API', version: '1.0.0' });
      return document;
    }),
  ];
}
