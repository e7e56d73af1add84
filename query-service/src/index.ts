export { createQueryApp, queryRouter, queryRoutes } from './app.ts';
export { type QueryDeps, resolveQueryDeps } from './deps.ts';
export { siteSettingsOf } from './site/site.queries.ts';
