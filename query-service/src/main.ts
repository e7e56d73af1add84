import { runApiService } from '@vip/platform';
import { createQueryApp } from './app.ts';
import { resolveQueryDeps } from './deps.ts';

/** query-service on its own (distributed mode, behind the proxy). */
await runApiService('query-service', resolveQueryDeps, createQueryApp);
