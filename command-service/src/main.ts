import { runApiService } from '@vip/platform';
import { createCommandApp } from './app.ts';
import { bootstrapAdminWhenWritable } from './auth/auth.commands.ts';
import { resolveCommandDeps } from './core/deps.ts';

/**
 * command-service on its own (distributed mode, behind the proxy); the first start creates the
 * first admin, in the background until the log accepts writes (EventStoreDB may still be starting).
 */
await runApiService('command-service', resolveCommandDeps, createCommandApp, (deps, signal) =>
  bootstrapAdminWhenWritable(deps.eventStore, deps.config, deps.logger, { signal }),
);
