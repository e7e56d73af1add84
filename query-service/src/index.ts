export { createQueryApp, queryRouter, queryRoutes } from './app.ts';
export { resolveQueryDeps, type QueryDeps } from './deps.ts';
export { siteSettingsOf } from './site/site.queries.ts';
