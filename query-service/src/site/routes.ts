import { siteApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { siteSettingsOf } from './site.queries.ts';

/**
 * Settings change only with a restart: a browser may keep the answer a minute (the page the
 * all-in-one serves carries it already; this is for the separately served frontend).
 */
const SITE_CACHE = 'public, max-age=60';

/** GET /api/site: what every visitor page states, from the running product's configuration. */
export function siteRoutes(deps: QueryDeps): MountedRoute[] {
  const settings = siteSettingsOf(deps.config);

  return [
    on(siteApi.settings, ({ ctx }) => {
      ctx.set('Cache-Control', SITE_CACHE);
      return settings;
    }),
  ];
}
