export { createQueryApp, queryRouters } from './app.ts';
export { resolveQueryDeps, type QueryDeps } from './deps.ts';
