export { createQueryApp } from './app.ts';
export { resolveQueryDeps, type QueryDeps } from './deps.ts';
