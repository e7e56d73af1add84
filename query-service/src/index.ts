export { createQueryApp } from './app.ts';
export type { QueryDeps } from './deps.ts';
