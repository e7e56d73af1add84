import { runApiService } from '@vip/platform';
import { createCommandApp } from './app.ts';
import { resolveCommandDeps } from './core/deps.ts';
import { bootstrapAdmin } from './users/bootstrap-admin.ts';

/** command-service on its own (distributed mode, behind the proxy); the first start creates the first admin. */
await runApiService('command-service', resolveCommandDeps, createCommandApp, (deps) =>
  bootstrapAdmin(deps.eventStore, deps.config, deps.logger).catch((error) =>
    deps.logger.warn({ err: error }, 'admin bootstrap skipped'),
  ),
);
